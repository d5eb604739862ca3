import { Download } from "../admin"
import { AudienceCsvQuery, AudienceQuery, AudienceReport } from "../audience-report"
import { Summary } from "../summary"
import { SourcesAnswer, SourcesQuery } from "../team"
import { TranslationStatus } from "../translations"
import { endpoint } from "./define"

/** What the dashboard and the Audience view read. */
export const adminDashboardEndpoints = {
  getSummary: endpoint({
    method: "GET",
    path: "/api/admin/summary",
    summary: "Messages by status, subscribers, and messages per day over 30 days",
    access: "member",
    answers: { 200: Summary },
  }),
  getSourceCounts: endpoint({
    method: "GET",
    path: "/api/admin/sources",
    summary: "Non-spam messages per source and per campaign over the last 7, 30 or 90 days",
    access: "member",
    query: SourcesQuery,
    answers: { 200: SourcesAnswer },
  }),
  getTranslationStatus: endpoint({
    method: "GET",
    path: "/api/admin/translations",
    summary: "Per translated language, the keys missing, outdated and unused",
    access: "member",
    answers: { 200: TranslationStatus },
  }),
  getAudience: endpoint({
    method: "GET",
    path: "/api/admin/audience",
    summary: "Visits, pages, sources, the funnel and Web Vitals over a range (with ANALYTICS on)",
    access: "member",
    query: AudienceQuery,
    answers: { 200: AudienceReport },
  }),
  exportAudience: endpoint({
    method: "GET",
    path: "/api/admin/audience/export.csv",
    summary: "One table of the Audience view as a CSV download (with ANALYTICS on)",
    access: "member",
    query: AudienceCsvQuery,
    answers: { 200: Download },
  }),
}

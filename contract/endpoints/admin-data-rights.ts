import { Download, PageOf } from "../admin"
import { EmailBody, Erasure, ErasureListQuery, PersonalData } from "../data-rights"
import { endpoint } from "./define"

/** A person's rights over what is stored about their address (the address goes in a body). */
export const adminDataRightsEndpoints = {
  findPersonalData: endpoint({
    method: "POST",
    path: "/api/admin/data-rights/search",
    summary: "Everything stored about an address",
    access: "owner",
    body: EmailBody,
    answers: { 200: PersonalData },
  }),
  exportPersonalData: endpoint({
    method: "POST",
    path: "/api/admin/data-rights/export",
    summary: "The same as a JSON download to hand to the person",
    access: "owner",
    body: EmailBody,
    answers: { 200: Download },
  }),
  erasePersonalData: endpoint({
    method: "POST",
    path: "/api/admin/data-rights/erase",
    summary: "Erase an address's messages, subscription and login failures",
    access: "owner",
    body: EmailBody,
    answers: { 200: Erasure },
  }),
  listErasures: endpoint({
    method: "GET",
    path: "/api/admin/data-rights/erasures",
    summary: "One page of the erasures made, newest first",
    access: "owner",
    query: ErasureListQuery,
    answers: { 200: PageOf(Erasure) },
  }),
}

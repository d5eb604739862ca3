import { NoBody } from "../errors"
import {
  PreviewParams,
  PublishAnswer,
  PushEvent,
  ReleaseIdParams,
  ReleaseLog,
  ReleasesOverview,
  RollbackAnswer,
  WebhookAnswer,
} from "../releases"
import { endpoint } from "./define"

/** Releases in the admin (server/releases/, docs/OPERATIONS.md §5): members see, owners act. */
export const adminReleasesEndpoints = {
  listReleases: endpoint({
    method: "GET",
    path: "/api/admin/releases",
    summary: "The live release, whether a build runs, and the latest 30 releases",
    access: "member",
    answers: { 200: ReleasesOverview },
  }),
  getReleaseLog: endpoint({
    method: "GET",
    path: "/api/admin/releases/:id/log",
    summary: "A release's build log (its last 256 KB)",
    access: "member",
    params: ReleaseIdParams,
    answers: { 200: ReleaseLog },
  }),
  publishNow: endpoint({
    method: "POST",
    path: "/api/admin/releases/publish",
    summary: "Build the branch's newest content into a release and switch to it",
    access: "owner",
    answers: { 202: PublishAnswer },
  }),
  buildPreview: endpoint({
    method: "POST",
    path: "/api/admin/releases/preview",
    summary: "Build the branch with drafts and scheduled posts into a preview release (not live)",
    access: "owner",
    answers: { 202: PublishAnswer },
  }),
  rollBack: endpoint({
    method: "POST",
    path: "/api/admin/releases/:id/rollback",
    summary: "Make an earlier ready release live again",
    access: "owner",
    params: ReleaseIdParams,
    answers: { 200: RollbackAnswer },
  }),
}

/** What reaches the publisher from outside the admin: the repository's push, a preview link. */
export const publishingEndpoints = {
  pushWebhook: endpoint({
    method: "POST",
    path: "/api/publish/webhook",
    summary:
      "The content repository's push webhook (GitHub's X-Hub-Signature-256 with " +
      "PUBLISH_WEBHOOK_SECRET); 404 without the secret set",
    access: "public",
    body: PushEvent,
    answers: { 202: WebhookAnswer },
  }),
  openPreview: endpoint({
    method: "GET",
    path: "/api/preview/:token",
    summary: "A preview's secret link: sets the preview cookie and redirects to the home page",
    access: "public",
    params: PreviewParams,
    answers: { 302: NoBody },
  }),
  closePreview: endpoint({
    method: "GET",
    path: "/api/preview-exit",
    summary: "Leaves the preview: clears its cookie and redirects to the home page",
    access: "public",
    answers: { 302: NoBody },
  }),
}

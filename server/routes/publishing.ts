import { createHmac, timingSafeEqual } from "node:crypto"
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import { type CookieSecure, secureCookie } from "../auth/cookies"
import type { Deps } from "../deps"
import { HttpError } from "../http-error"
import { setPreviewCookie } from "../releases/preview-cookie"
import { route } from "./route"

const rawBodies = new WeakMap<object, Buffer>()

/** GitHub's X-Hub-Signature-256: "sha256=" and the HMAC of the raw body, compared in constant time. */
export function validSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`)
  const given = Buffer.from(header)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** GitHub's X-GitHub-Delivery: a GUID. */
const DELIVERY = /^[0-9A-Za-z-]{1,100}$/

export type PublishingRoutesOptions = Pick<Deps, "publisher" | "site" | "store"> & {
  publishWebhookSecret: string | null
  publishBranch: string
  cookieSecure: CookieSecure
}

/**
 * The content repository's push webhook and the preview links. A push to PUBLISH_BRANCH starts
 * (or queues) a publish, once per delivery; any other event or ref is answered and ignored, and
 * so is a push of a commit that is live or that a rollback moved the site away from (an owner
 * publishes it again from the admin).
 */
export const publishingRoutes: FastifyPluginAsyncTypebox<PublishingRoutesOptions> = async (
  app,
  { publisher, site, store, publishWebhookSecret, publishBranch, cookieSecure },
) => {
  // The signature covers the bytes as sent: keep them beside the parsed body.
  app.removeContentTypeParser("application/json")
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    rawBodies.set(request, body as Buffer)
    try {
      done(null, JSON.parse((body as Buffer).toString("utf8")))
    } catch {
      done(new HttpError(400, "bad_json", "The body is not valid JSON."), undefined)
    }
  })

  route(app, endpoints.pushWebhook, { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const secret = publishWebhookSecret
    if (!secret) throw new HttpError(404, "not_found", `No route for POST ${request.url}`)
    const signature = request.headers["x-hub-signature-256"]
    if (
      !validSignature(secret, rawBodies.get(request) ?? Buffer.alloc(0), String(signature ?? ""))
    ) {
      throw new HttpError(
        401,
        "bad_signature",
        "The X-Hub-Signature-256 header does not sign this body.",
      )
    }
    const event = request.headers["x-github-event"]
    if (event !== "push" || request.body.ref !== `refs/heads/${publishBranch}`) {
      return reply.code(202).send({ state: "ignored" })
    }
    // The signature covers the body only: the same bytes sent again are as well signed, so a
    // delivery acts once, and a commit already built does not come back over a rollback.
    const delivery = request.headers["x-github-delivery"]
    if (typeof delivery !== "string" || !DELIVERY.test(delivery)) {
      throw new HttpError(
        400,
        "bad_delivery",
        "A push needs its X-GitHub-Delivery header (GitHub's delivery id).",
      )
    }
    if (!(await store.pushDeliveries.claim(delivery))) {
      request.log.info({ delivery }, "push delivery already acted on: ignored")
      return reply.code(202).send({ state: "ignored" })
    }
    const after = request.body.after
    if (after && (await store.releases.liveOrRolledBackFrom(after))) {
      request.log.info({ delivery, after }, "push of a commit live or rolled back from: ignored")
      return reply.code(202).send({ state: "ignored" })
    }
    const { state } = await publisher.start({ trigger: "webhook", actor: "github" })
    request.log.info({ state }, "publish asked by the repository's push")
    return reply.code(202).send({ state: state === "started" ? "started" : "queued" })
  })

  route(app, endpoints.openPreview, async (request, reply) => {
    if (!(await site.preview(request.params.token)))
      throw new HttpError(
        404,
        "not_found",
        "No preview has this link: it was never built, or newer previews have replaced it.",
      )
    setPreviewCookie(reply, request.params.token, secureCookie(cookieSecure, request.protocol))
    return reply.header("cache-control", "no-store").redirect("/", 302)
  })

  route(app, endpoints.closePreview, async (request, reply) => {
    setPreviewCookie(reply, null, secureCookie(cookieSecure, request.protocol))
    return reply.header("cache-control", "no-store").redirect("/", 302)
  })
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import fresh from "fresh"
import Negotiator from "negotiator"
import { API_PREFIX } from "../../contract/endpoints"
import { readCookie } from "../auth/cookies"
import type { LiveSite } from "../releases/live-site"
import { PREVIEW_COOKIE } from "../releases/preview-cookie"
import { refusedPath } from "../static/request-path"
import type { Site, SiteFile } from "../static/site-files"

const ENCODINGS_SMALLEST_FIRST = ["br", "gzip", "identity"]

const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/")

/** The built site: canonical paths have no trailing slash; pages live at <path>/index.html. */
export async function staticSiteRoutes(app: FastifyInstance, { live }: { live: LiveSite }) {
  // Not an endpoint of the table: left out of the OpenAPI document.
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.indexOf("?")
    const rawPath = query === -1 ? request.url : request.url.slice(0, query)
    let path: string
    try {
      path = decodeURIComponent(rawPath)
    } catch {
      return reply
        .code(400)
        .send({ error: "bad_request", message: "The path is not valid percent-encoding." })
    }
    const refused = refusedPath(path)
    if (refused) return reply.code(400).send({ error: "bad_path", message: refused })
    // Source maps hold the whole source; the build removes them, and one left behind is never served.
    if (path.startsWith(API_PREFIX) || path.endsWith(".map")) {
      return reply.code(404).send({ error: "not_found", message: `No route for GET ${rawPath}` })
    }
    if (path.length > 1 && path.endsWith("/")) {
      // One leading slash only: "//host/" must not become a redirect to another site.
      const canonical = `/${rawPath.replace(/^\/+|\/+$/g, "")}`
      return reply.redirect(canonical + (query === -1 ? "" : request.url.slice(query)), 301)
    }
    const { site, preview } = await siteOf(request, reply, live)
    const file =
      site.files.get(path) ??
      site.files.get(path === "/" ? "/index.html" : `${path}/index.html`) ??
      // A page loaded before a switch to a new release still finds its bundles.
      live.files.get(path) ??
      live.older(path)
    const answer = (found: SiteFile, status: number) =>
      sendSiteFile(request, reply, found, status, preview)
    if (file) return answer(file, 200)
    if (isAdminPath(path) && site.adminShell) return answer(site.adminShell, 200)
    const notFound = site.notFoundPage(path)
    if (notFound) return answer(notFound, 404)
    return reply.code(404).send({
      error: "not_found",
      message: "No such page (and the site is not built: run `npm run build`).",
    })
  })
}

/** The build a request is served from: an editor's preview behind its cookie, else the live one. */
export async function siteOf(
  request: FastifyRequest,
  reply: FastifyReply,
  live: LiveSite,
): Promise<{ site: Site; preview: boolean }> {
  // An editor's preview (a cookie set by /api/preview/:token): its own build, never indexed.
  const token = readCookie(request, PREVIEW_COOKIE)
  const preview = token ? await live.preview(token) : null
  // Its answers are its holder's alone: no shared cache keeps them, no search engine lists them.
  if (preview) reply.header("x-robots-tag", "noindex, nofollow").header("vary", "cookie")
  return { site: preview ?? live, preview: preview !== null }
}

/** A file of the build as the site serves it: its type, caching, policy, validator and encoding. */
export function sendSiteFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SiteFile,
  status: number,
  preview: boolean,
) {
  reply
    .code(status)
    .header("content-type", file.contentType)
    .header(
      "cache-control",
      preview
        ? "private, no-store"
        : status === 200 || file.etag === null
          ? file.cacheControl
          : "no-cache",
    )
  if (file.csp) reply.header("content-security-policy", file.csp)
  if (status === 200 && file.etag) {
    reply.header("etag", file.etag)
    // RFC 9110's If-None-Match: a list of tags, weak comparison, or "*".
    if (fresh(request.headers, { etag: file.etag })) return reply.code(304).send()
  }
  if (file.br || file.gzip)
    reply.header("vary", preview ? "cookie, accept-encoding" : "accept-encoding")
  // By the client's q-values ("br;q=0" refuses Brotli); between equals, the smallest body.
  const available = [file.br ? "br" : null, file.gzip ? "gzip" : null, "identity"]
  const encoding = new Negotiator(request).encoding(
    available.filter((e) => e !== null),
    { preferred: ENCODINGS_SMALLEST_FIRST },
  )
  if (encoding === "br" && file.br) return reply.header("content-encoding", "br").send(file.br)
  if (encoding === "gzip" && file.gzip)
    return reply.header("content-encoding", "gzip").send(file.gzip)
  return reply.send(file.body)
}

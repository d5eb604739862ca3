import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { API_PREFIX } from "../../contract/endpoints"
import { readCookie } from "../auth/cookies"
import type { LiveSite } from "../releases/live-site"
import { PREVIEW_COOKIE } from "../releases/preview-cookie"
import type { Site, SiteFile } from "../static/site-files"

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
    // Source maps hold the whole source; the build removes them, and one left behind is never served.
    if (path.startsWith(API_PREFIX) || path.endsWith(".map")) {
      return reply.code(404).send({ error: "not_found", message: `No route for GET ${rawPath}` })
    }
    if (path.length > 1 && path.endsWith("/")) {
      // One leading slash only: "//host/" must not become a redirect to another site.
      const canonical = `/${rawPath.replace(/^\/+|\/+$/g, "")}`
      return reply.redirect(canonical + (query === -1 ? "" : request.url.slice(query)), 301)
    }
    // An editor's preview (a cookie set by /api/preview/:token): its own build, never indexed.
    const token = readCookie(request, PREVIEW_COOKIE)
    const preview = token ? await live.preview(token) : null
    if (preview) reply.header("x-robots-tag", "noindex, nofollow")
    const site: Site = preview ?? live
    const file =
      site.files.get(path) ??
      site.files.get(path === "/" ? "/index.html" : `${path}/index.html`) ??
      // A page loaded before a switch to a new release still finds its bundles.
      live.files.get(path) ??
      live.older(path)
    if (file) return send(request, reply, file, 200)
    if (isAdminPath(path) && site.adminShell) return send(request, reply, site.adminShell, 200)
    const notFound = site.notFoundPage(path)
    if (notFound) return send(request, reply, notFound, 404)
    return reply.code(404).send({
      error: "not_found",
      message: "No such page (and the site is not built: run `npm run build`).",
    })
  })
}

function send(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  reply
    .code(status)
    .header("content-type", file.contentType)
    .header("cache-control", status === 200 ? file.cacheControl : "no-cache")
  if (file.csp) reply.header("content-security-policy", file.csp)
  if (status === 200) {
    reply.header("etag", file.etag)
    if (request.headers["if-none-match"] === file.etag) return reply.code(304).send()
  }
  if (file.br || file.gzip) reply.header("vary", "accept-encoding")
  const accepted = request.headers["accept-encoding"] ?? ""
  if (file.br && accepted.includes("br"))
    return reply.header("content-encoding", "br").send(file.br)
  if (file.gzip && accepted.includes("gzip"))
    return reply.header("content-encoding", "gzip").send(file.gzip)
  return reply.send(file.body)
}

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import type { FastifyReply, FastifyRequest } from "fastify"
import { endpoints } from "../../contract/endpoints"
import { DEFAULT_LANGUAGE, type Language } from "../../contract/languages"
import { bookingPages, type RenderedPage } from "../booking-pages/pages"
import type { Deps } from "../deps"
import { renderedFile } from "../static/site-files"
import { route } from "./route"
import { sendSiteFile, siteOf } from "./static-site"

type Query = Record<string, string | undefined>

/**
 * The booking page and the manage page, answered as the static site answers them (headers,
 * caching, policy, compression), and, when the address holds a choice (type and zone) or a
 * token, with the times and the forms a visit without JavaScript needs written into the page
 * (docs/BOOKING.md, "Without JavaScript").
 */
export type BookingPageRoutesOptions = Pick<Deps, "store" | "site" | "now"> & {
  contentDir: string
}

export const bookingPageRoutes: FastifyPluginAsyncTypebox<BookingPageRoutesOptions> = async (
  app,
  { contentDir, store, site: live, now },
) => {
  const pages = bookingPages({ contentDir, store, now })

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    render: (site: Awaited<ReturnType<typeof siteOf>>["site"]) => Promise<RenderedPage | null>,
    plain: boolean,
  ) {
    const { site, preview } = await siteOf(request, reply, live)
    const path = request.url.split("?")[0]
    const built = site.files.get(`${path}/index.html`)
    if (!built)
      return reply.code(404).send({
        error: "not_found",
        message: "No such page (and the site is not built: run `npm run build`).",
      })
    if (plain) return sendSiteFile(request, reply, built, 200, preview)
    const page = await render(site)
    if (!page) return sendSiteFile(request, reply, built, 200, preview)
    return sendSiteFile(request, reply, renderedFile(page.file, page.html), page.status, preview)
  }

  const booking = (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    const query = request.query as Query
    return answer(
      request,
      reply,
      (site) => pages.booking(site, language, { type: query.type, zone: query.zone, query }),
      // A link that preselects a type only (the demo calls to action) is the page as built.
      query.type === undefined || query.zone === undefined,
    )
  }
  const manage = (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    const query = request.query as Query
    return answer(
      request,
      reply,
      (site) => pages.manage(site, language, { token: query.token, done: query.done }),
      false,
    )
  }

  route(app, endpoints.bookingPage, (request, reply) => booking(request, reply, DEFAULT_LANGUAGE))
  route(app, endpoints.bookingPageInLanguage, (request, reply) =>
    booking(request, reply, request.params.language),
  )
  route(app, endpoints.manageBookingPage, (request, reply) =>
    manage(request, reply, DEFAULT_LANGUAGE),
  )
  route(app, endpoints.manageBookingPageInLanguage, (request, reply) =>
    manage(request, reply, request.params.language),
  )
}

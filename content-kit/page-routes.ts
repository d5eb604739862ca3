// Every page the build makes: the route table (routes.ts), which every page's bundle holds for
// its header, footer and links, and the pages that no site code names by key, kept out of it so
// that they add nothing to other pages' first-load JavaScript (scripts/budget.ts). createPages,
// the sitemap, the Open Graph cards, the release check, the content check and the budget read
// this table.
import { blogPostPath, routes, type Route } from "./routes"

export const buildOnlyRoutes = {
  // Issue 49: where the booking's mailed link lands (server/booking/manage-link.ts).
  bookingManage: {
    path: "/contact/booking/manage",
    ns: "booking-manage",
    template: "booking-manage",
  },
  // Issue 50: the panel study estimate beside the Click&Win page (docs/ESTIMATES.md), and where
  // its quote request lands when posted without JavaScript (server/routes/quote.ts QUOTE_SENT_PAGE).
  panelEstimate: {
    path: "/produit/click&win/estimation",
    ns: "panel-estimate",
    template: "estimate",
  },
  quoteSent: {
    path: "/produit/click&win/estimation/envoyee",
    ns: "quote-sent",
    template: "form-result",
  },
} as const satisfies Record<string, Route>

export const allRoutes = { ...routes, ...buildOnlyRoutes }
export type PageKey = keyof typeof allRoutes
export const pageKeys = Object.keys(allRoutes) as PageKey[]

/**
 * Pages that search engines need not know, reached from a mail or a form: left out of the
 * sitemap, and noindex. Here rather than in routes.ts, which every page's bundle holds.
 */
export const unlistedPaths: string[] = [
  routes.newsletterConfirmed.path,
  routes.newsletterUnsubscribed.path,
  routes.contactSent.path,
  routes.newsletterThanks.path,
  buildOnlyRoutes.bookingManage.path,
  buildOnlyRoutes.quoteSent.path,
]

export function isKnownPath(path: string, blogSlugs: string[]): boolean {
  const [pathname] = path.split("#")
  return (
    pageKeys.some((key) => allRoutes[key].path === pathname) ||
    blogSlugs.some((slug) => blogPostPath(slug) === pathname)
  )
}

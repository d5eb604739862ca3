// The one table of pages. createPages, the header, the footer, the mobile menu, the sitemap
// and the content check all read it. Paths are exactly those of the specification: letter
// case and the "&" are part of indexed URLs.
export type Template =
  | "page"
  | "contact"
  | "blog-list"
  | "newsletter-status"
  | "form-result"
  | "calculator"
  | "estimate"
  | "booking"
  | "booking-manage"

export type Route = {
  path: string
  /** Namespace of the page's copy: content/locales/<language>/<ns>.json */
  ns: string
  template: Template
}

export const routes = {
  home: { path: "/", ns: "home", template: "page" },
  about: { path: "/about", ns: "about", template: "page" },
  product: { path: "/Produit", ns: "product", template: "page" },
  creaform: { path: "/produit/creaform", ns: "creaform", template: "page" },
  clickwin: { path: "/produit/click&win", ns: "clickwin", template: "page" },
  solutions: { path: "/solutions", ns: "solutions", template: "page" },
  studiesMarketing: {
    path: "/solutions/etudes-Marketing",
    ns: "studies-marketing",
    template: "page",
  },
  studiesHr: { path: "/solutions/etudes-RH", ns: "studies-hr", template: "page" },
  studiesClients: { path: "/solutions/etudes-Clients", ns: "studies-clients", template: "page" },
  strategicMarket: { path: "/strategic-market", ns: "strategic-market", template: "page" },
  // The specification leaves this path open; a French slug like its neighbours.
  expertise: { path: "/expertise-metier", ns: "expertise", template: "page" },
  blog: { path: "/blog", ns: "blog", template: "blog-list" },
  // The research calculators (docs/ESTIMATES.md): French slugs under /ressources, like the
  // Resources menu that lists them.
  sampleSize: {
    path: "/ressources/taille-echantillon",
    ns: "sample-size",
    template: "calculator",
  },
  marginOfError: {
    path: "/ressources/marge-erreur",
    ns: "margin-of-error",
    template: "calculator",
  },
  nps: { path: "/ressources/calculateur-nps", ns: "nps-calculator", template: "calculator" },
  useCases: { path: "/case-studies/marketing", ns: "use-cases", template: "page" },
  press: { path: "/case-studies/hr", ns: "press", template: "page" },
  contact: { path: "/contact", ns: "contact", template: "contact" },
  // Issue 49: the visitor books a meeting (the manage page is page-routes.ts's).
  booking: { path: "/contact/booking", ns: "booking", template: "booking" },
  legalNotice: { path: "/mentions-legales", ns: "legal-notice", template: "page" },
  privacy: { path: "/confidentialite", ns: "privacy", template: "page" },
  // The accessibility statement that the RGAA and the European Accessibility Act expect.
  accessibility: { path: "/accessibilite", ns: "accessibility", template: "page" },
  // Where the server's confirmation and unsubscribe links land (server/routes/newsletter.ts).
  newsletterConfirmed: {
    path: "/newsletter/confirmed",
    ns: "newsletter-confirmed",
    template: "newsletter-status",
  },
  newsletterUnsubscribed: {
    path: "/newsletter/unsubscribed",
    ns: "newsletter-unsubscribed",
    template: "newsletter-status",
  },
  // Where the forms land after a post made without JavaScript (server/routes/form-posts.ts).
  contactSent: { path: "/contact/sent", ns: "contact-sent", template: "form-result" },
  newsletterThanks: {
    path: "/newsletter/thanks",
    ns: "newsletter-thanks",
    template: "form-result",
  },
} as const satisfies Record<string, Route>

export type RouteKey = keyof typeof routes

export const routeKeys = Object.keys(routes) as RouteKey[]

/** Navigation, drawn from the table: labels come from common.json `nav.<key>`. */
export const productGroup: RouteKey[] = ["product", "creaform", "clickwin"]
export const resourcesGroup: RouteKey[] = [
  "blog",
  "useCases",
  "press",
  "strategicMarket",
  "expertise",
  "sampleSize",
  "marginOfError",
  "nps",
]
export const solutionsColumn: RouteKey[] = [
  "solutions",
  "studiesMarketing",
  "studiesHr",
  "studiesClients",
]
export const companyColumn: RouteKey[] = ["about", "contact"]
export const legalRow: RouteKey[] = ["legalNotice", "privacy", "accessibility"]

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`
}

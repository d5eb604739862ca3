import type { ConversionName } from "../../contract/audience-event"

// The site's only ties to the audience beacon: it loads on the first page view, which Gatsby
// reports once the page's bundles have run (after the first paint), never on the team's
// pages, and not at all in a build made with ANALYTICS=off (src/node/webpack-config.ts).
declare const __ANALYTICS__: boolean

let views = 0

/** Pages never counted: the admin and the CMS are the team's. */
export const isCounted = (pathname: string) => !/^\/(admin|cms)(\/|$)/.test(pathname)

/** gatsby-browser's onRouteUpdate: the first load's view, then each client-side navigation's. */
export function trackPageView(location: Location) {
  if (!__ANALYTICS__ || !isCounted(location.pathname)) return
  const firstLoad = views++ === 0
  import(/* webpackChunkName: "audience-beacon" */ "./beacon").then(
    (beacon) => beacon.onPageView(location, firstLoad),
    () => {},
  )
}

export function trackConversion(name: ConversionName) {
  if (!__ANALYTICS__) return
  import(/* webpackChunkName: "audience-beacon" */ "./beacon").then(
    (beacon) => beacon.conversion(name),
    () => {},
  )
}

import "@fontsource-variable/inter/wght.css"
import "./src/styles/global.css"
import { type ReactElement, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { trackPageView } from "./src/audience/track"

export { wrapPageElement, wrapRootElement } from "./src/app-root"

// Hydration as a transition: React hydrates in slices of a few milliseconds between which
// the browser stays responsive, instead of one long task (Lighthouse's Total Blocking Time
// on a simulated phone). A click during hydration hydrates its target at once. Client-only
// pages (the admin) have no server HTML and are rendered, as Gatsby does.
// (Gatsby's type for this API is the legacy ReactDOM.render signature, hence none here.)
export function replaceHydrateFunction() {
  return (element: ReactElement, container: Element) => {
    const prerendered = (document.getElementById("gatsby-focus-wrapper")?.children.length ?? 0) > 0
    if (!prerendered) return createRoot(container).render(element)
    startTransition(() => {
      hydrateRoot(container, element)
    })
  }
}

// Where the visit came from, for the contact form to send with a message (docs/INBOX.md).
// The address is read now; the module that keeps it loads after, outside the first-load bundle.
//
// Gatsby waits for the promise returned here before it sets up its loader and asks for the
// page's data. Resolving it in a new task splits the start in two: evaluating the bundles is
// one task, Gatsby's start-up the next, so neither blocks the main thread as long as both
// together did (docs/FIRST-LOAD.md, "Total blocking time").
export function onClientEntry(): Promise<void> {
  const { pathname, search, host } = window.location
  const referrer = document.referrer
  if (!pathname.startsWith("/admin")) {
    import(/* webpackChunkName: "lead-source" */ "./src/lead-source/lead-source").then(
      (module) => module.captureLeadSource({ pathname, search, host }, referrer),
      () => {},
    )
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}

// The audience beacon (docs/AUDIENCE.md): each page view, the first after the bundles ran.
export const onRouteUpdate = ({ location }: { location: Location }) => trackPageView(location)

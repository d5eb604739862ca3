import type { AudienceEventPayload, ConversionName } from "../../contract/audience-event"
import { apiUrl } from "../api-client/api-url"
import { recordEvents } from "../api-client/routes/audience"
import { bodies, conversionOfPage, type PageRef, pageOf, pageView, widthClass } from "./payload"

// The audience beacon (docs/AUDIENCE.md), loaded by ./track.ts after the page's bundles, so
// after the first paint. It keeps nothing in the browser: the page it is on, the time that
// page was visible, and events waiting for the tab to be hidden, all in memory.

const endpoint = apiUrl(recordEvents.split(" ")[1])
let queue: AudienceEventPayload[] = []
let page: PageRef | null = null
let visibleMs = 0
let visibleSince: number | null = null
let started = false
let finishVitals = () => {}

const optedOut = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true

function flush() {
  for (const body of bodies(queue)) {
    if (!(
      "sendBeacon" in navigator &&
      navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }))
    )) {
      fetch(endpoint, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "Content-Type": "application/json" },
      }).catch(() => {})
    }
  }
  queue = []
}

/** Queues the current page's visible time so far and starts counting again from zero. */
function endVisibleTime() {
  const now = performance.now()
  const ms = Math.round(visibleMs + (visibleSince === null ? 0 : now - visibleSince))
  if (page && ms > 0) queue.push({ kind: "engagement", ...page, visibleMs: ms })
  visibleMs = 0
  visibleSince = document.visibilityState === "visible" ? now : null
}

function onVisibility() {
  if (document.visibilityState === "hidden") {
    endVisibleTime()
    finishVitals()
    flush()
  } else visibleSince ??= performance.now()
}

/** The listeners, and the page load's Web Vitals (measured for the first page only), loaded apart. */
function start(first: PageRef) {
  import(/* webpackChunkName: "audience-vitals" */ "./vitals").then(
    ({ observeVitals }) =>
      (finishVitals = observeVitals((name, value) =>
        queue.push({ kind: "vital", ...first, name, value }),
      )),
    () => {},
  )
  document.addEventListener("visibilitychange", onVisibility)
  window.addEventListener("pagehide", onVisibility)
}

/** Called on every page view, the first load's and each client-side navigation's. */
export async function onPageView(location: Location, firstLoad: boolean) {
  if (optedOut()) return
  const doc = document as Document & { prerendering?: boolean }
  if (doc.prerendering)
    await new Promise((resolve) =>
      doc.addEventListener("prerenderingchange", resolve, { once: true }),
    )
  // In the chunk the lead source loaded at the page's start (gatsby-browser.tsx): nothing more to download.
  const checks = await import(/* webpackChunkName: "lead-source" */ "../lead-source/clean")
  const width = widthClass((px) => matchMedia(`(min-width: ${px}px)`).matches)
  const view = pageView(checks, location, firstLoad ? document.referrer : "", width)
  endVisibleTime()
  page = view && pageOf(checks, view.path)
  if (!view || !page) return
  if (!started) start(page)
  started = true
  queue.push(view)
  const converted = conversionOfPage(page)
  if (converted) queue.push({ kind: "conversion", ...page, name: converted })
  flush()
}

/** A conversion on the current page (a message sent, a subscription, a click on a call to action). */
export function conversion(name: ConversionName) {
  if (optedOut() || !page) return
  queue.push({ kind: "conversion", ...page, name })
  flush()
}

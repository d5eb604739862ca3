import type { VitalName } from "../../contract/audience-event"

// The page load's five Web Vitals measured as web.dev defines them, in a few hundred bytes:
// the web-vitals library (6.2.3) weighs 3.3 KB gzip alone, over the beacon's 4 KB goal with
// it. Differences: no back/forward-cache restores, no soft navigations; INP from the
// interactions Chrome reports over 40 ms (as web-vitals), the 98th percentile past 50 of them.

type Report = (name: VitalName, value: number) => void
type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean }
type EventTiming = PerformanceEntry & { interactionId?: number }

function observe(
  type: string,
  callback: (entries: PerformanceEntry[]) => void,
  options: Record<string, unknown> = {},
) {
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes(type)) return false
  new PerformanceObserver((list) => callback(list.getEntries())).observe({
    type,
    buffered: true,
    ...options,
  } as PerformanceObserverInit)
  return true
}

/**
 * Reports TTFB and FCP when known; returns what to call once the page is hidden, which reports LCP,
 * CLS and INP (once).
 */
export function observeVitals(report: Report): () => void {
  const navigation = performance.getEntriesByType?.("navigation")[0] as
    (PerformanceNavigationTiming & { activationStart?: number }) | undefined
  const activation = navigation?.activationStart ?? 0
  const since = (time: number) => Math.max(0, time - activation)
  if (navigation) report("TTFB", since(navigation.responseStart))
  let lcp = -1
  let cls = 0
  let session = 0
  let sessionStart = 0
  let lastShift = 0
  const interactions = new Map<number, number>()

  observe("paint", (entries) =>
    entries.forEach(
      (entry) => entry.name === "first-contentful-paint" && report("FCP", since(entry.startTime)),
    ),
  )
  // As web.dev defines LCP: candidates stop at the first input (a tap or a key moves the
  // page on), and only paints while the page was visible count, so a page opened in a
  // background tab reports none.
  let firstHidden = document.visibilityState === "hidden" ? 0 : Infinity
  addEventListener(
    "visibilitychange",
    (event) => {
      if (document.visibilityState === "hidden")
        firstHidden = Math.min(firstHidden, event.timeStamp)
    },
    true,
  )
  let lcpFinal = false
  for (const type of ["keydown", "click"])
    addEventListener(type, () => (lcpFinal = true), { once: true, capture: true })
  observe("largest-contentful-paint", (entries) => {
    const visible = entries.filter((entry) => entry.startTime < firstHidden)
    if (!lcpFinal && visible.length) lcp = since(visible[visible.length - 1].startTime)
  })
  const shifts = observe("layout-shift", (entries) => {
    for (const shift of entries as Shift[]) {
      if (shift.hadRecentInput) continue
      // Session windows: shifts less than 1 s apart, at most 5 s long; CLS is the largest.
      if (session && shift.startTime - lastShift < 1000 && shift.startTime - sessionStart < 5000)
        session += shift.value
      else [session, sessionStart] = [shift.value, shift.startTime]
      lastShift = shift.startTime
      cls = Math.max(cls, session)
    }
  })
  const record = (entries: PerformanceEntry[]) => {
    for (const entry of entries as EventTiming[])
      if (entry.interactionId)
        interactions.set(
          entry.interactionId,
          Math.max(entry.duration, interactions.get(entry.interactionId) ?? 0),
        )
  }
  observe("event", record, { durationThreshold: 40 })
  observe("first-input", record)

  let done = false
  return () => {
    if (done) return
    done = true
    if (lcp >= 0) report("LCP", lcp)
    if (shifts) report("CLS", Math.round(cls * 10_000) / 10_000)
    const durations = [...interactions.values()].sort((a, b) => b - a)
    if (durations.length)
      report("INP", durations[Math.min(durations.length - 1, Math.floor(durations.length / 50))])
  }
}

import { observeVitals } from "./vitals"

type Entry = Record<string, unknown>
const entries: Record<string, Entry[]> = {}
/** Delivers a type's entries again to the newest observer of it, as a later paint would. */
const latest = new Map<string, () => void>()

class FakeObserver {
  static supportedEntryTypes = [
    "paint",
    "largest-contentful-paint",
    "layout-shift",
    "event",
    "first-input",
  ]
  constructor(private callback: (list: { getEntries: () => Entry[] }) => void) {}
  observe({ type }: { type: string }) {
    const deliver = () => this.callback({ getEntries: () => entries[type] ?? [] })
    latest.set(type, deliver)
    deliver()
  }
}

beforeAll(() => {
  Object.assign(globalThis, { PerformanceObserver: FakeObserver })
  Object.defineProperty(performance, "getEntriesByType", {
    configurable: true,
    value: () => [{ responseStart: 320, activationStart: 20 }],
  })
})

describe("the beacon's Web Vitals", () => {
  it("reports TTFB and FCP at once, and LCP, CLS (largest session window) and INP once the page is hidden", () => {
    entries.paint = [
      { name: "first-paint", startTime: 400 },
      { name: "first-contentful-paint", startTime: 520 },
    ]
    entries["largest-contentful-paint"] = [{ startTime: 900 }, { startTime: 1520 }]
    entries["layout-shift"] = [
      { startTime: 1000, value: 0.05, hadRecentInput: false },
      { startTime: 1500, value: 0.04, hadRecentInput: false },
      { startTime: 1600, value: 0.5, hadRecentInput: true },
      { startTime: 4000, value: 0.06, hadRecentInput: false },
    ]
    entries.event = [
      { interactionId: 7, duration: 48 },
      { interactionId: 7, duration: 120 },
      { interactionId: 0, duration: 900 },
      { interactionId: 9, duration: 64 },
    ]
    const reported: [string, number][] = []
    const hidden = observeVitals((name, value) => reported.push([name, value]))
    expect(reported).toEqual([
      ["TTFB", 300],
      ["FCP", 500],
    ])
    hidden()
    hidden()
    expect(reported.slice(2)).toEqual([
      ["LCP", 1500],
      ["CLS", 0.09],
      ["INP", 120],
    ])
  })

  it("stops LCP at the first input, as web.dev defines it", () => {
    entries["largest-contentful-paint"] = [{ startTime: 900 }]
    const reported: [string, number][] = []
    const hidden = observeVitals((name, value) => reported.push([name, value]))
    document.dispatchEvent(new MouseEvent("click", { bubbles: true }))
    entries["largest-contentful-paint"] = [{ startTime: 900 }, { startTime: 2400 }]
    latest.get("largest-contentful-paint")?.()
    hidden()
    expect(reported.filter(([name]) => name === "LCP")).toEqual([["LCP", 880]])
  })

  it("reports no LCP for a page loaded in a background tab", () => {
    entries["largest-contentful-paint"] = [{ startTime: 900 }]
    const state = jest.spyOn(document, "visibilityState", "get").mockReturnValue("hidden")
    const reported: [string, number][] = []
    observeVitals((name, value) => reported.push([name, value]))()
    state.mockRestore()
    expect(reported.find(([name]) => name === "LCP")).toBeUndefined()
  })

  it("keeps only the paints made before the page was first hidden", () => {
    entries["largest-contentful-paint"] = []
    const reported: [string, number][] = []
    const hidden = observeVitals((name, value) => reported.push([name, value]))
    const state = jest.spyOn(document, "visibilityState", "get").mockReturnValue("hidden")
    const hide = new Event("visibilitychange")
    Object.defineProperty(hide, "timeStamp", { value: 1000 })
    document.dispatchEvent(hide)
    state.mockRestore()
    entries["largest-contentful-paint"] = [{ startTime: 900 }, { startTime: 1500 }]
    latest.get("largest-contentful-paint")?.()
    hidden()
    expect(reported.filter(([name]) => name === "LCP")).toEqual([["LCP", 880]])
  })
})

import { observeVitals } from "./vitals"

type Entry = Record<string, unknown>
const entries: Record<string, Entry[]> = {}

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
    this.callback({ getEntries: () => entries[type] ?? [] })
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
})

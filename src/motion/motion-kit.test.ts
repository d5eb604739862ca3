import { animate } from "framer-motion"
import { revealBelowFold } from "./motion-kit"

jest.mock("framer-motion", () => ({ ...jest.requireActual("framer-motion"), animate: jest.fn() }))
const animated = jest.mocked(animate)

// jsdom has no IntersectionObserver: this one lets the test say what the browser would report.
type Report = { top: number; ratio: number }
let observed: { callback: IntersectionObserverCallback; disconnected: boolean }[] = []
class FakeObserver {
  record: (typeof observed)[number]
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, disconnected: false }
    observed.push(this.record)
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true
  }
}
const report = ({ top, ratio }: Report) =>
  observed[0].callback(
    [
      {
        boundingClientRect: { top } as DOMRectReadOnly,
        rootBounds: { height: 800 } as DOMRectReadOnly,
        intersectionRatio: ratio,
      } as IntersectionObserverEntry,
    ],
    {} as IntersectionObserver,
  )

beforeEach(() => {
  observed = []
  animated.mockClear()
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver
})

describe("revealBelowFold", () => {
  it("hides a block below the fold and fades it in once it is 15 % on screen, then stops watching", () => {
    const block = document.createElement("div")
    revealBelowFold(block)
    report({ top: 1200, ratio: 0 })
    expect(block.style.opacity).toBe("0")
    expect(block.style.transform).toBe("translateY(24px)")
    report({ top: 790, ratio: 0.05 })
    expect(animated).not.toHaveBeenCalled()
    report({ top: 700, ratio: 0.2 })
    expect(animated).toHaveBeenCalledTimes(1)
    expect(animated.mock.calls[0][0]).toBe(block)
    expect(animated.mock.calls[0][2]).toMatchObject({ duration: 0.8 })
    expect(observed[0].disconnected).toBe(true)
  })

  it("leaves a block on screen or above it as the server painted it", () => {
    for (const top of [100, -400]) {
      observed = []
      const block = document.createElement("div")
      revealBelowFold(block)
      report({ top, ratio: top > 0 ? 1 : 0 })
      expect(block.style.opacity).toBe("")
      expect(block.style.transform).toBe("")
      expect(observed[0].disconnected).toBe(true)
    }
    expect(animated).not.toHaveBeenCalled()
  })
})

import {
  loadMotionKit,
  loadMotionKitOnDemand,
  type MotionKit,
  prefersReducedMotion,
} from "./motion-kit-loader"
import { revealBelowFold } from "./reveal-below-fold"

jest.mock("./motion-kit-loader", () => ({
  loadMotionKit: jest.fn(),
  loadMotionKitOnDemand: jest.fn(),
  prefersReducedMotion: jest.fn(() => false),
}))
const load = jest.mocked(loadMotionKit)
const onDemand = jest.mocked(loadMotionKitOnDemand)
const reducedMotion = jest.mocked(prefersReducedMotion)
const fadeIn = jest.fn()
const kit = { fadeIn } as unknown as MotionKit

// jsdom has no IntersectionObserver: this one lets the test say what the browser would report.
type Report = { top: number; ratio: number; fold?: number }
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
const report = ({ top, ratio, fold }: Report) =>
  observed[0].callback(
    [
      {
        boundingClientRect: { top } as DOMRectReadOnly,
        intersectionRatio: ratio,
        rootBounds: fold === undefined ? null : ({ bottom: fold } as DOMRectReadOnly),
      } as IntersectionObserverEntry,
    ],
    {} as IntersectionObserver,
  )
const settled = () => new Promise((resolve) => jest.requireActual("timers").setImmediate(resolve))

/** A block first reported below the fold (hidden), then 20 % on screen. */
function belowTheFoldThenInView() {
  const block = document.createElement("div")
  revealBelowFold(block)
  report({ top: 1200, ratio: 0 })
  expect(block.style.opacity).toBe("0")
  report({ top: 700, ratio: 0.2 })
  return block
}

beforeEach(() => {
  observed = []
  jest.clearAllMocks()
  reducedMotion.mockReturnValue(false)
  load.mockResolvedValue(kit)
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver
})
afterEach(() => jest.useRealTimers())

describe("revealBelowFold", () => {
  it("takes the fold from the observer's report, not from window.innerHeight", () => {
    // In a browser, reading innerHeight after another block was hidden forces a layout.
    const original = Object.getOwnPropertyDescriptor(window, "innerHeight")!
    let reads = 0
    Object.defineProperty(window, "innerHeight", {
      configurable: true,
      get: () => (reads++, 768),
    })
    try {
      const below = document.createElement("div")
      revealBelowFold(below)
      report({ top: 700, ratio: 0, fold: 600 })
      expect(below.style.opacity).toBe("0")
      const onScreen = document.createElement("div")
      revealBelowFold(onScreen)
      observed.shift()
      report({ top: 500, ratio: 0.2, fold: 600 })
      expect(onScreen.style.opacity).toBe("")
      expect(observed[0].disconnected).toBe(true)
      expect(reads).toBe(0)
    } finally {
      Object.defineProperty(window, "innerHeight", original)
    }
  })

  it("hides a block below the fold, asks for the kit on demand, and fades it in at 15 %", async () => {
    const block = document.createElement("div")
    revealBelowFold(block)
    report({ top: 1200, ratio: 0 })
    expect(block.style.opacity).toBe("0")
    expect(block.style.transform).toBe("translateY(24px)")
    expect(onDemand).toHaveBeenCalledTimes(1)
    report({ top: 790, ratio: 0.05 })
    expect(load).not.toHaveBeenCalled()
    report({ top: 700, ratio: 0.2 })
    await settled()
    expect(fadeIn).toHaveBeenCalledWith(block)
    expect(observed[0].disconnected).toBe(true)
  })

  it("leaves a block on screen or above it as the server painted it, and loads nothing", () => {
    for (const top of [100, -400]) {
      observed = []
      const block = document.createElement("div")
      revealBelowFold(block)
      report({ top, ratio: top > 0 ? 1 : 0 })
      expect(block.style.opacity).toBe("")
      expect(block.style.transform).toBe("")
      expect(observed[0].disconnected).toBe(true)
    }
    expect(onDemand).not.toHaveBeenCalled()
    expect(load).not.toHaveBeenCalled()
  })

  it("shows the block without the fade when the kit could not be downloaded", async () => {
    load.mockResolvedValue(null)
    const block = belowTheFoldThenInView()
    await settled()
    expect(block.style.opacity).toBe("")
    expect(block.style.transform).toBe("")
    expect(fadeIn).not.toHaveBeenCalled()
  })

  it("shows the block after a second when the kit is slower, and does not fade it later", async () => {
    jest.useFakeTimers()
    let arrive: (value: MotionKit | null) => void = () => {}
    load.mockReturnValue(new Promise((resolve) => (arrive = resolve)))
    const block = belowTheFoldThenInView()
    jest.advanceTimersByTime(999)
    expect(block.style.opacity).toBe("0")
    jest.advanceTimersByTime(1)
    expect(block.style.opacity).toBe("")
    arrive(kit)
    await settled()
    expect(fadeIn).not.toHaveBeenCalled()
  })

  it("watches nothing for a visitor who asks for reduced motion", () => {
    reducedMotion.mockReturnValue(true)
    revealBelowFold(document.createElement("div"))
    expect(observed).toHaveLength(0)
  })
})

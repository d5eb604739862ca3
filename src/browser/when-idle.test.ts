import { whenIdle } from "./when-idle"

describe("whenIdle", () => {
  afterEach(() => {
    jest.useRealTimers()
    delete (window as Partial<Window>).requestIdleCallback
    delete (window as Partial<Window>).cancelIdleCallback
  })

  it("waits for the browser's idle time, with the deadline it is given", () => {
    const requested: { callback: () => void; options?: IdleRequestOptions }[] = []
    window.requestIdleCallback = (callback, options) =>
      requested.push({ callback: () => callback({} as IdleDeadline), options })
    window.cancelIdleCallback = jest.fn()
    const callback = jest.fn()
    whenIdle(callback, { timeoutMs: 2000 })
    expect(callback).not.toHaveBeenCalled()
    expect(requested[0].options).toEqual({ timeout: 2000 })
    requested[0].callback()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it("cancels the idle request it made", () => {
    window.requestIdleCallback = () => 42
    window.cancelIdleCallback = jest.fn()
    whenIdle(jest.fn())()
    expect(window.cancelIdleCallback).toHaveBeenCalledWith(42)
  })

  it("falls back to a timer where requestIdleCallback is missing, and cancels it", () => {
    jest.useFakeTimers()
    const ran = jest.fn()
    whenIdle(ran, { fallbackMs: 300 })
    jest.advanceTimersByTime(299)
    expect(ran).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(ran).toHaveBeenCalledTimes(1)
    const cancelled = jest.fn()
    whenIdle(cancelled)()
    jest.advanceTimersByTime(1000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})

import { eventFloodLimit } from "./event-flood-limit"

// EVENT_RATE_LIMIT, in memory: the beacon posts one address has counted in a sliding window.
const WINDOW_MS = 60_000
const limit = { max: 3, windowMs: WINDOW_MS }
const boundary = 100 * WINDOW_MS

function limiter() {
  let clock = 0
  const withinLimit = eventFloodLimit(limit, () => clock)
  return {
    at: (time: number) => {
      clock = time
    },
    post: (ip = "192.0.2.7") => withinLimit(ip),
  }
}

describe("the beacon's flood limit", () => {
  it("counts the posts just before a window boundary against those just after it", () => {
    const { at, post } = limiter()
    at(boundary)
    expect(post()).toBe(true)
    at(boundary + WINDOW_MS - 5)
    expect([post(), post()]).toEqual([true, true])
    // A fixed window would start again here and let three more pass within 10 ms of the last
    // two: five in a few milliseconds, with a limit of three.
    at(boundary + WINDOW_MS + 5)
    expect(post()).toBe(false)
  })

  it("lets the previous window's posts count less as the window slides past them", () => {
    const { at, post } = limiter()
    at(boundary - 1)
    expect([post(), post(), post()]).toEqual([true, true, true])
    // Two thirds of a window later, a third of the three still counts: two more pass.
    at(boundary + (2 * WINDOW_MS) / 3)
    expect([post(), post(), post()]).toEqual([true, true, false])
    // Two windows later, nothing before counts.
    at(boundary + 2 * WINDOW_MS)
    expect([post(), post(), post(), post()]).toEqual([true, true, true, false])
  })

  it("keeps counting an address that keeps flooding", () => {
    const { at, post } = limiter()
    at(boundary)
    for (let n = 0; n < 50; n++) post()
    // Its refused posts counted too: half a window into the next, it is still refused.
    at(boundary + WINDOW_MS + WINDOW_MS / 2)
    expect(post()).toBe(false)
  })

  it("counts an IPv6 /64 as one address, and other addresses apart", () => {
    const { at, post } = limiter()
    at(boundary)
    expect([post("2001:db8::1"), post("2001:db8::2"), post("2001:db8::3")]).toEqual([
      true,
      true,
      true,
    ])
    expect(post("2001:db8::4")).toBe(false)
    expect(post("2001:db8:0:1::1")).toBe(true)
    expect(post("192.0.2.8")).toBe(true)
  })

  it("lets everything through when the limit is off", () => {
    const withinLimit = eventFloodLimit(null, () => 0)
    for (let n = 0; n < 1_000; n++) expect(withinLimit("192.0.2.7")).toBe(true)
  })
})

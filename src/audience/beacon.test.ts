import { waitFor } from "@testing-library/react"
import { conversion, onPageView } from "./beacon"

const sent: unknown[] = []
const location = (href: string) => new URL(href, "http://localhost") as unknown as Location

beforeEach(() => {
  sent.length = 0
  // jsdom has no matchMedia: the beacon asks it the width class of a 1280 px window.
  window.matchMedia = ((query: string) => ({
    matches: 1280 >= Number(/min-width: (\d+)px/.exec(query)?.[1]),
  })) as typeof window.matchMedia
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: Blob) => {
      // jsdom's Blob has no text(); its FileReader reads it.
      const reader = new FileReader()
      reader.onload = () => sent.push({ url, ...JSON.parse(String(reader.result)) })
      reader.readAsText(body)
      return true
    },
  })
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe("the beacon", () => {
  afterEach(() => {
    Object.defineProperty(navigator, "globalPrivacyControl", {
      configurable: true,
      value: undefined,
    })
  })

  it("sends nothing at all when the browser asks for Global Privacy Control", async () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: true })
    await onPageView(location("/?utm_source=newsletter"), true)
    conversion("contact_sent")
    await settle()
    expect(sent).toEqual([])
    expect(document.cookie).toBe("")
  })

  it(
    "sends a page view to /api/event with sendBeacon, " +
      "then a conversion on that page, and sets no cookie",
    async () => {
      await onPageView(location("/en/contact?utm_source=newsletter&utm_campaign=spring"), true)
      conversion("contact_sent")
      // jsdom's FileReader reads the bodies later, each in a task of its own.
      await waitFor(() => expect(sent).toHaveLength(2))
      expect(sent).toEqual([
        {
          url: "/api/event",
          events: [
            {
              kind: "view",
              path: "/en/contact",
              language: "en",
              width: "desktop",
              utmSource: "newsletter",
              utmCampaign: "spring",
            },
          ],
        },
        {
          url: "/api/event",
          events: [
            { kind: "conversion", path: "/en/contact", language: "en", name: "contact_sent" },
          ],
        },
      ])
      expect(document.cookie).toBe("")
    },
  )

  it(
    "on a client-side navigation, sends the last page's visible time with " +
      "the new view; falls back to fetch with keepalive when sendBeacon refuses",
    async () => {
      Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: () => false })
      const calls: RequestInit[] = []
      global.fetch = jest.fn((_url: unknown, init: RequestInit) => {
        calls.push(init)
        return Promise.resolve({ ok: true, status: 202 })
      }) as unknown as typeof fetch
      await onPageView(location("/blog"), false)
      expect(calls).toHaveLength(1)
      expect(calls[0]).toMatchObject({ method: "POST", keepalive: true })
      const [engagement, view] = JSON.parse(String(calls[0].body)).events
      expect(engagement).toMatchObject({ kind: "engagement", path: "/en/contact", language: "en" })
      expect(engagement.visibleMs).toBeGreaterThan(0)
      expect(view).toEqual({ kind: "view", path: "/blog", language: "fr", width: "desktop" })
    },
  )
})

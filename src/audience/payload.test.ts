import { routes } from "../../content-kit/routes"
import type { WidthClass } from "../../contract/audience-event"
import * as checks from "../lead-source/clean"
import {
  bodies,
  conversionOfPage,
  pageOf as pageOfWith,
  pageView as pageViewWith,
  widthClass,
} from "./payload"
import { isCounted } from "./track"

const pageView = (...args: [Location | ReturnType<typeof at>, string, WidthClass]) =>
  pageViewWith(checks, ...args)
const pageOf = (path: string) => pageOfWith(checks, path)
const at = (href: string) => {
  const url = new URL(href, "https://www.example.com")
  return { pathname: url.pathname, search: url.search, host: url.host }
}

describe("the beacon's page view", () => {
  it("keeps the path without its query, and only the five utm_* parameters", () => {
    const view = pageView(
      at(
        "/en/contact?utm_source=newsletter&utm_campaign=spring&email=a%40b.c&token=secret" +
          "&utm_medium=mail&utm_term=x&utm_content=y&utm_id=9",
      ),
      "",
      "mobile",
    )
    expect(view).toEqual({
      kind: "view",
      path: "/en/contact",
      language: "en",
      width: "mobile",
      utmSource: "newsletter",
      utmMedium: "mail",
      utmCampaign: "spring",
      utmTerm: "x",
      utmContent: "y",
    })
    expect(JSON.stringify(view)).not.toMatch(/secret|a@b|utm_id/)
  })

  it("drops a utm value that breaks the server's rule instead of the view", () => {
    expect(pageView(at("/?utm_source=%3Cscript%3E&utm_campaign=spring"), "", "desktop")).toEqual({
      kind: "view",
      path: "/",
      language: "fr",
      width: "desktop",
      utmCampaign: "spring",
    })
  })

  it("sends another site's host only, never its path, and nothing for the site's own pages", () => {
    expect(
      pageView(at("/blog"), "https://News.Example.org/2026/article?id=3", "tablet"),
    ).toMatchObject({
      referrer: "news.example.org",
      width: "tablet",
    })
    expect(pageView(at("/blog"), "https://www.example.com/about", "tablet")).not.toHaveProperty(
      "referrer",
    )
    expect(pageView(at("/blog"), "android-app://com.slack/", "tablet")).not.toHaveProperty(
      "referrer",
    )
  })

  it("has no view for a path the server would refuse", () => {
    expect(pageView(at("/caf\u00e9"), "", "tablet")).toMatchObject({ path: "/caf%C3%A9" })
    expect(pageOf("/a b")).toBeNull()
    expect(pageOf(`/${"a".repeat(300)}`)).toBeNull()
  })

  it("classes widths at the site's breakpoints", () => {
    const at = (width: number) => widthClass((px) => width >= px)
    expect([639, 640, 1023, 1024].map(at)).toEqual(["mobile", "tablet", "tablet", "desktop"])
  })

  it("counts the result pages of forms posted without JavaScript as conversions", () => {
    expect(conversionOfPage({ path: `/de${routes.contactSent.path}`, language: "de" })).toBe(
      "contact_sent",
    )
    expect(conversionOfPage({ path: routes.newsletterThanks.path, language: "fr" })).toBe(
      "newsletter_subscribed",
    )
    expect(conversionOfPage({ path: "/contact", language: "fr" })).toBeUndefined()
  })

  it("is never sent from the admin or the CMS", () => {
    expect(["/admin", "/admin/inbox", "/cms/", "/", "/administration"].map(isCounted)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ])
  })

  it("cuts a long queue into bodies under 2 KB and 8 events", () => {
    const events = Array.from({ length: 20 }, (_, i) => ({
      kind: "engagement" as const,
      path: `/${"p".repeat(250)}${i}`,
      language: "fr" as const,
      visibleMs: i,
    }))
    const sent = bodies(events)
    expect(sent.every((body) => body.length <= 1900 && JSON.parse(body).events.length <= 8)).toBe(
      true,
    )
    expect(sent.flatMap((body) => JSON.parse(body).events)).toEqual(events)
  })
})

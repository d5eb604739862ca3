import { render, screen } from "@testing-library/react"
import React from "react"
import { useTranslation } from "react-i18next"
import type { LocaleEdges } from "../content/page-content"
import { createI18n, createPageI18n, PageI18n } from "./page-i18n"

const edge = (language: string, ns: string, data: object) => ({
  node: { language, ns, data: JSON.stringify(data) },
})

// What a page's `locales` query returns: common and the page's namespace, in its language and French.
const locales: LocaleEdges = {
  edges: [
    edge("fr", "common", { nav: { contact: "Contact" }, shared: "Commun" }),
    edge("fr", "home", { title: "Accueil", onlyFrench: "Seulement en français" }),
    edge("de", "common", { nav: { contact: "Kontakt" } }),
    edge("de", "home", { title: "Startseite" }),
  ],
}

describe("the page's i18next instance (as gatsby-plugin-react-i18next builds it)", () => {
  it("reads the page's namespace first, then common, in the page's language", () => {
    const i18n = createPageI18n(locales, "de")
    expect(i18n.t("title")).toBe("Startseite")
    expect(i18n.t("nav.contact")).toBe("Kontakt")
    expect(i18n.t("common:nav.contact")).toBe("Kontakt")
  })

  it("falls back to French, then to the key", () => {
    const i18n = createPageI18n(locales, "de")
    expect(i18n.t("onlyFrench")).toBe("Seulement en français")
    expect(i18n.t("shared")).toBe("Commun")
    expect(i18n.t("nowhere")).toBe("nowhere")
  })

  it("keeps one instance per page's data and language", () => {
    function Title() {
      const { t, i18n } = useTranslation()
      return <h1 data-instance={(instances.add(i18n), instances.size)}>{t("title")}</h1>
    }
    const instances = new Set<object>()
    const data = { locales }
    const page = (language: string) => (
      <PageI18n props={{ data, pageContext: { language, i18n: { language } } }}>
        <Title />
      </PageI18n>
    )
    const { rerender } = render(page("de"))
    rerender(page("de"))
    expect(instances.size).toBe(1)
    expect(screen.getByRole("heading").textContent).toBe("Startseite")
    rerender(page("fr"))
    expect(instances.size).toBe(2)
    expect(screen.getByRole("heading").textContent).toBe("Accueil")
  })

  it("gives keys back when a page has no translations", () => {
    expect(createPageI18n(undefined, "en").t("anything")).toBe("anything")
  })
})

describe("the admin's instance (every language of admin and common)", () => {
  const nodes = [
    { language: "fr", ns: "common", data: JSON.stringify({ shared: "Commun" }) },
    {
      language: "fr",
      ns: "admin",
      data: JSON.stringify({ inbox: "Messages", onlyFrench: "Seulement en français" }),
    },
    { language: "en", ns: "common", data: JSON.stringify({ shared: "Shared" }) },
    { language: "en", ns: "admin", data: JSON.stringify({ inbox: "Inbox" }) },
  ]

  it("reads admin first, then common, and follows a change of language", async () => {
    const i18n = createI18n(nodes, "fr")
    expect(i18n.t("inbox")).toBe("Messages")
    expect(i18n.t("shared")).toBe("Commun")
    await i18n.changeLanguage("en")
    expect(i18n.t("inbox")).toBe("Inbox")
    expect(i18n.t("shared")).toBe("Shared")
    expect(i18n.t("onlyFrench")).toBe("Seulement en français")
  })
})

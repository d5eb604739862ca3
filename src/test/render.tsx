import fs from "node:fs"
import { render } from "@testing-library/react"
import React from "react"
import { I18nextProvider } from "react-i18next"
import de from "../../content/locales/de/common.json"
import en from "../../content/locales/en/common.json"
import fr from "../../content/locales/fr/common.json"
import { localeFile, locateContent } from "../../content-kit/locate"
import { LanguageProvider } from "../i18n/language-context"
import { languages, type Language } from "../i18n/languages"
import { createPageI18n } from "../i18n/page-i18n"

/**
 * The site's page i18next instance (src/i18n/page-i18n.tsx) with its real UI strings: common,
 * and the other namespaces a page's query adds ("calculators").
 */
export function makeI18n(language: Language = "fr", namespaces: string[] = []) {
  const common = { fr, en, de }
  const edges = Object.entries(common).map(([lang, data]) => ({
    node: { language: lang, ns: "common", data: JSON.stringify(data) },
  }))
  for (const ns of namespaces)
    for (const lang of languages) {
      const data = fs.readFileSync(localeFile(locateContent(), lang, ns), "utf8")
      edges.push({ node: { language: lang, ns, data } })
    }
  return createPageI18n({ edges }, language)
}

/** Renders UI the way the site does: translations and language providers. */
export function renderWithSite(
  ui: React.ReactElement,
  language: Language = "fr",
  setLanguage = jest.fn(),
  namespaces: string[] = [],
) {
  return render(
    <I18nextProvider i18n={makeI18n(language, namespaces)}>
      <LanguageProvider value={{ language, setLanguage }}>{ui}</LanguageProvider>
    </I18nextProvider>,
  )
}

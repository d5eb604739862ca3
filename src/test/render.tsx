import { render } from "@testing-library/react"
import React from "react"
import { I18nextProvider } from "react-i18next"
import de from "../../content/locales/de/common.json"
import en from "../../content/locales/en/common.json"
import fr from "../../content/locales/fr/common.json"
import { LanguageProvider } from "../i18n/language-context"
import type { Language } from "../i18n/languages"
import { createPageI18n } from "../i18n/page-i18n"

/** The site's page i18next instance (src/i18n/page-i18n.tsx) with its real UI strings. */
export function makeI18n(language: Language = "fr") {
  const common = { fr, en, de }
  const edges = Object.entries(common).map(([lang, data]) => ({
    node: { language: lang, ns: "common", data: JSON.stringify(data) },
  }))
  return createPageI18n({ edges }, language)
}

/** Renders UI the way the site does: translations and language providers. */
export function renderWithSite(
  ui: React.ReactElement,
  language: Language = "fr",
  setLanguage = jest.fn(),
) {
  return render(
    <I18nextProvider i18n={makeI18n(language)}>
      <LanguageProvider value={{ language, setLanguage }}>{ui}</LanguageProvider>
    </I18nextProvider>,
  )
}

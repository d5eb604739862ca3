import { render } from "@testing-library/react"
import i18next from "i18next"
import React from "react"
import { I18nextProvider, initReactI18next } from "react-i18next"
import de from "../../content/locales/de/common.json"
import en from "../../content/locales/en/common.json"
import fr from "../../content/locales/fr/common.json"
import { i18nextOptions } from "../i18n/i18next-options"
import { LanguageProvider } from "../i18n/language-context"
import type { Language } from "../i18n/languages"
import { ThemeProvider } from "../theme/theme-provider"

/** An i18next instance with the site's rules and its real UI strings. */
export function makeI18n(language: Language = "fr") {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    ...i18nextOptions,
    lng: language,
    resources: { fr: { common: fr }, en: { common: en }, de: { common: de } },
    react: { useSuspense: false },
    initImmediate: false,
  })
  return instance
}

/** Renders UI the way the site does: translations, language and theme providers. */
export function renderWithSite(ui: React.ReactElement, language: Language = "fr", setLanguage = jest.fn()) {
  return render(
    <I18nextProvider i18n={makeI18n(language)}>
      <ThemeProvider>
        <LanguageProvider value={{ language, setLanguage }}>{ui}</LanguageProvider>
      </ThemeProvider>
    </I18nextProvider>,
  )
}

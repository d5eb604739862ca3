import React, { createContext, useContext } from "react"
import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from "./languages"

export type LanguageState = {
  language: Language
  setLanguage: (language: Language) => void
  /** The page's own path in its language, on public pages (a form posted without JavaScript comes back to it). */
  pagePath?: string
}

const LanguageContext = createContext<LanguageState | null>(null)

export function LanguageProvider({
  value,
  children,
}: {
  value: LanguageState
  children: React.ReactNode
}) {
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext)
  if (!state) throw new Error("useLanguage must be used within a LanguageProvider")
  return state
}

/** The saved choice, accepted only if it is one of the site's languages. */
export function readSavedLanguage(storage: Pick<Storage, "getItem">): Language | null {
  try {
    const saved = storage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(saved) ? saved : null
  } catch {
    return null
  }
}

export function saveLanguage(storage: Pick<Storage, "setItem">, language: Language): void {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage can be refused (private mode); the URL still carries the language.
  }
}

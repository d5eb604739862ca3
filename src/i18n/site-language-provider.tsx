import { navigate } from "gatsby"
import React, { useCallback, useEffect, useMemo } from "react"
import { LanguageProvider, readSavedLanguage, saveLanguage } from "./language-context"
import { defaultLanguage, isLanguage, localizePath, type Language } from "./languages"

type Props = {
  language: string | undefined
  originalPath: string | undefined
  children: React.ReactNode
}

/**
 * On public pages the URL carries the language. A visitor who saved another language and
 * lands on an unprefixed (French) page is moved to the same page in their language.
 */
export function SiteLanguageProvider({
  language: pageLanguage,
  originalPath = "/",
  children,
}: Props) {
  const language: Language = isLanguage(pageLanguage) ? pageLanguage : defaultLanguage

  useEffect(() => {
    const saved = readSavedLanguage(window.localStorage)
    if (saved && saved !== language && language === defaultLanguage) {
      navigate(localizePath(originalPath, saved) + window.location.hash, { replace: true })
    }
    // Only on arrival: later changes go through setLanguage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const setLanguage = useCallback(
    (next: Language) => {
      saveLanguage(window.localStorage, next)
      if (next !== language) navigate(localizePath(originalPath, next) + window.location.hash)
    },
    [language, originalPath],
  )

  const value = useMemo(
    () => ({ language, setLanguage, pagePath: localizePath(originalPath, language) }),
    [language, setLanguage, originalPath],
  )
  return <LanguageProvider value={value}>{children}</LanguageProvider>
}

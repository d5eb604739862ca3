import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { defaultTheme, isDark, readStoredTheme, THEME_STORAGE_KEY, type Theme } from "./theme"

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void }

const ThemeContext = createContext<ThemeState | null>(null)

const darkQuery = "(prefers-color-scheme: dark)"

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  // The server renders the default; the pre-paint script already set the right class.
  const [theme, setThemeState] = useState<Theme>(defaultTheme)

  useEffect(() => setThemeState(readStoredTheme(window.localStorage)), [])

  useEffect(() => {
    const media = window.matchMedia?.(darkQuery)
    const apply = () => document.documentElement.classList.toggle("dark", isDark(theme, media?.matches ?? false))
    apply()
    if (theme !== "system" || !media) return
    media.addEventListener("change", apply)
    return () => media.removeEventListener("change", apply)
  }, [theme])

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next)
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Storage can be refused (private mode); the choice then lasts for the visit.
    }
  }, [])

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext)
  if (!state) throw new Error("useTheme must be used within a ThemeProvider")
  return state
}

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
    const apply = () =>
      document.documentElement.classList.toggle("dark", isDark(theme, media?.matches ?? false))
    apply()
    if (theme !== "system" || !media) return
    media.addEventListener("change", apply)
    return () => media.removeEventListener("change", apply)
  }, [theme])

  // A tap on the switch repaints the page in the other theme in its own frame: the class is set
  // at once with transitions held for that frame (otherwise every `transition-colors` element
  // animates), and the choice is saved after the paint, out of the input's path.
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next)
    withoutTransitions(() =>
      document.documentElement.classList.toggle(
        "dark",
        isDark(next, window.matchMedia?.(darkQuery).matches ?? false),
      ),
    )
    setTimeout(() => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, next)
      } catch {
        // Storage can be refused (private mode); the choice then lasts for the visit.
      }
    }, 0)
  }, [])

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

// A class, not an added style sheet: one restyle for the class and the theme together, where an
// added sheet costs a rebuild of the rules and a second full restyle when it is taken away.
function withoutTransitions(change: () => void) {
  const root = document.documentElement
  root.classList.add("theme-changing")
  change()
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-changing")))
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext)
  if (!state) throw new Error("useTheme must be used within a ThemeProvider")
  return state
}

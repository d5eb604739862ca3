import { useSyncExternalStore } from "react"
import { defaultTheme, isDark, readStoredTheme, THEME_STORAGE_KEY, type Theme } from "./theme"

const darkQuery = "(prefers-color-scheme: dark)"

/** The choice made in this page's life; before one, the saved one (theme.ts) is read. */
let chosen: Theme | null = null
const listeners = new Set<() => void>()
let followingSystem = false

const systemIsDark = () => window.matchMedia?.(darkQuery).matches ?? false
const current = (): Theme => chosen ?? readStoredTheme(window.localStorage)
const applyClass = (theme: Theme) =>
  document.documentElement.classList.toggle("dark", isDark(theme, systemIsDark()))

function subscribe(listener: () => void) {
  listeners.add(listener)
  // With "system" chosen, the page follows the system's light and dark from then on.
  if (!followingSystem) {
    followingSystem = true
    window.matchMedia?.(darkQuery).addEventListener?.("change", () => {
      if (current() === "system") applyClass("system")
    })
  }
  return () => void listeners.delete(listener)
}

// A class, not an added style sheet: one restyle for the class and the theme together, where an
// added sheet costs a rebuild of the rules and a second full restyle when it is taken away.
function withoutTransitions(change: () => void) {
  const root = document.documentElement
  root.classList.add("theme-changing")
  change()
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-changing")))
}

/**
 * A tap on the switch repaints the page in the other theme in its own frame: the class is set
 * at once with transitions held for that frame (otherwise every `transition-colors` element
 * animates), only the switches re-render, and the choice is saved after the paint, out of the
 * input's path.
 */
function setTheme(next: Theme) {
  chosen = next
  withoutTransitions(() => applyClass(next))
  for (const listener of listeners) listener()
  setTimeout(() => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Storage can be refused (private mode); the choice then lasts for the visit.
    }
  }, 0)
}

/**
 * The theme and its setter, from a store outside React rather than a context: a change
 * re-renders the switches alone, not the tree (nor the parts of the page still waiting to
 * hydrate, src/components/layout/deferred.tsx). The server and the hydrating page render the
 * default; the pre-paint script (theme.ts) has already set the right class on <html>.
 */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, current, () => defaultTheme)
  return { theme, setTheme }
}

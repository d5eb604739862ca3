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

// After the frame that is being prepared has been painted: a task queued from its
// animation-frame callbacks runs once that frame is on its way to the screen.
const afterNextPaint = (work: () => void) => requestAnimationFrame(() => setTimeout(work, 0))

/**
 * A tap on the switch answers in its own frame: the switches re-render (only they, not the
 * tree) and that frame paints the pressed choice; the page's restyle in the other theme, a
 * whole-document style recalculation (about 120 ms on a phone slowed four times), runs in the
 * task after that paint, with transitions held for its frame (otherwise every
 * `transition-colors` element animates). The choice is saved after it, out of the input's path.
 * Measured in commit 6bba35e.
 */
function setTheme(next: Theme) {
  chosen = next
  for (const listener of listeners) listener()
  afterNextPaint(() => {
    // The latest choice: two quick taps end in the second one's theme.
    const latest = current()
    withoutTransitions(() => applyClass(latest))
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, latest)
    } catch {
      // Storage can be refused (private mode); the choice then lasts for the visit.
    }
  })
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

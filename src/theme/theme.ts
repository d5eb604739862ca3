export const themes = ["light", "dark", "system"] as const
export type Theme = (typeof themes)[number]
export const defaultTheme: Theme = "light"
export const THEME_STORAGE_KEY = "theme"

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value)
}

export function readStoredTheme(storage: Pick<Storage, "getItem">): Theme {
  try {
    const saved = storage.getItem(THEME_STORAGE_KEY)
    return isTheme(saved) ? saved : defaultTheme
  } catch {
    return defaultTheme
  }
}

export function isDark(theme: Theme, systemPrefersDark: boolean): boolean {
  return theme === "dark" || (theme === "system" && systemPrefersDark)
}

/**
 * Runs inline in <head> before the first paint (gatsby-ssr.tsx), so a dark-theme visitor
 * never sees a white flash. Its text is hashed into the Content-Security-Policy at build
 * time: keep it free of anything that changes between builds.
 */
export const prePaintThemeScript =
  `(function(){try{var ` +
  `t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="dark"&&t!=="system")t="${defaultTheme}";var ` +
  `d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: ` +
  `dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`

import type { Language } from "../i18n/languages"

/**
 * The Open Graph / Twitter card image of a page (1200x630 PNG, drawn at build time by
 * postbuild/og-images.ts): /og/<language>/<path with slashes as dashes>.png.
 */
export function ogImagePath(path: string, language: Language): string {
  const name =
    path === "/"
      ? "home"
      : path
          .replace(/^\//, "")
          .replace(/[^A-Za-z0-9]+/g, "-")
          .replace(/-$/, "")
  return `/og/${language}/${name}.png`
}

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

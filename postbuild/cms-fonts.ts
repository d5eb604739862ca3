// Sveltia CMS's interface fonts, served from this site. Its dist file declares three @font-face
// rules pointing at the fontsource CDN (cdn.jsdelivr.net); the same files ship in fontsource's npm
// packages, pinned in package.json at the versions of those URLs. The build copies them to
// /cms/fonts/ and rewrites the URLs in the copied script, and fails if the script no longer has
// exactly these URLs (a Sveltia bump that changes its fonts must come with the matching packages).
import fs from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"

/** The CDN URLs in @sveltia/cms 0.221.1's dist/sveltia-cms.js. */
export const CMS_FONT_URLS = [
  "https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2",
  "https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2",
  "https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2",
] as const

export const CMS_FONTS_PATH = "/cms/fonts"

export interface CmsFont {
  url: string
  /** `@fontsource/<id>`, or `@fontsource-variable/<id>` for a `:vf` URL. */
  packageName: string
  version: string
  /** The name in the package's files/ folder, also the name under /cms/fonts/. */
  fileName: string
  localPath: string
}

const FONTSOURCE_CDN =
  /^https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@(\d+\.\d+\.\d+)\/([a-z0-9-]+\.woff2)$/

/** The fontsource package file behind a CDN URL: `<id>[:vf]@<version>/<file>` is `files/<id>-<file>`. */
export function fontsourceFont(url: string): CmsFont {
  const match = FONTSOURCE_CDN.exec(url)
  if (!match) throw new Error(`Not a fontsource CDN URL: ${url}`)
  const [, id, variable, version, file] = match
  const fileName = `${id}-${file}`
  return {
    url,
    packageName: `${variable ? "@fontsource-variable" : "@fontsource"}/${id}`,
    version,
    fileName,
    localPath: `${CMS_FONTS_PATH}/${fileName}`,
  }
}

// A font loaded from another origin: the CDN, or any absolute or protocol-relative URL in a @font-face.
const REMOTE_FONT = /cdn\.jsdelivr\.net|@font-face\s*\{[^}]*url\(\s*['"]?(?:https?:)?\/\//g

/**
 * The CMS script with each expected CDN font URL replaced by its path on this site. Throws if one
 * is missing or any remote font is left.
 */
export function localizeCmsFonts(script: string, fonts: readonly CmsFont[]): string {
  const missing = fonts.filter((font) => !script.includes(font.url))
  if (missing.length > 0) {
    throw new Error(
      `Sveltia CMS no longer references these fonts: ${missing.map((font) => font.url).join(", ")}. ` +
        "Update CMS_FONT_URLS in postbuild/cms-fonts.ts and the @fontsource " +
        "packages in package.json to the URLs its dist file now has.",
    )
  }
  const local = fonts.reduce((text, font) => text.split(font.url).join(font.localPath), script)
  const end = (match: RegExpExecArray) => match.index + match[0].length
  const left = [
    ...new Set(
      Array.from(local.matchAll(REMOTE_FONT), (match) =>
        local.slice(Math.max(match.index, end(match) - 30), end(match) + 100),
      ),
    ),
  ]
  if (left.length > 0) {
    throw new Error(
      `Sveltia CMS's script still names cdn.jsdelivr.net or a font on another origin after ` +
        `the rewrite: ${left.join(" | ")}. Add it to CMS_FONT_URLS in postbuild/cms-fonts.ts.`,
    )
  }
  return local
}

/**
 * Copies each font's file from its installed package to `<dir>/<fileName>`; throws if the installed
 * version is not the URL's.
 */
export async function copyCmsFonts(dir: string, fonts: readonly CmsFont[]): Promise<void> {
  const fromProject = createRequire(path.join(process.cwd(), "package.json"))
  await fs.mkdir(dir, { recursive: true })
  for (const font of fonts) {
    const source = fromProject.resolve(`${font.packageName}/files/${font.fileName}`)
    // The packages export files/ but not package.json: read it next to files/.
    const { version } = JSON.parse(
      await fs.readFile(path.resolve(path.dirname(source), "..", "package.json"), "utf8"),
    ) as { version: string }
    if (version !== font.version) {
      throw new Error(
        `${font.packageName} is ${version}, but Sveltia CMS uses ${font.version} ` +
          `(${font.url}): pin ${font.packageName}@${font.version} in package.json.`,
      )
    }
    await fs.copyFile(source, path.join(dir, font.fileName))
  }
}

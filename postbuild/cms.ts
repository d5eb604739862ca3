// /cms/: Sveltia CMS, its one dist file served from this site (no CDN) with its interface fonts
// (./cms-fonts), and its configuration built from the French copy (content-kit/cms/config.ts). Written
// after the build; not a Gatsby page, so no site bundle, no deferred-bundle rewrite, and its own
// CSP (server/static/cms-csp.ts).
import { readFileSync } from "node:fs"
import fs from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"
import { cmsConfig } from "../content-kit/cms/config"
import { readCopy } from "../content-kit/copy"
import { locateContent } from "../content-kit/locate"
import {
  CMS_FONT_URLS,
  CMS_FONTS_PATH,
  copyCmsFonts,
  fontsourceFont,
  localizeCmsFonts,
} from "./cms-fonts"

// The package exports neither its package.json nor dist/: found from its main file instead.
const packageDir = path.resolve(
  path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("@sveltia/cms")),
  "..",
)

export const CMS_VERSION: string = (
  JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }
).version
export const CMS_SCRIPT = `/cms/sveltia-cms-${CMS_VERSION}.js`
export const CMS_DIST_SCRIPT = path.join(packageDir, "dist/sveltia-cms.js")

export function cmsIndexHtml(brand: string): string {
  return [
    "<!doctype html>",
    '<html lang="fr">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${brand.replace(/[<&]/g, "")} – CMS</title>`,
    '<link href="/cms/config.yml" type="application/yaml" rel="cms-config-url">',
    "</head>",
    "<body>",
    `<script src="${CMS_SCRIPT}"></script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n")
}

/** public/cms/index.html, config.yml (JSON, which is YAML), the versioned Sveltia script and its fonts. */
export async function writeCms(publicDir = "public", contentDir = locateContent()): Promise<void> {
  const dir = path.join(publicDir, "cms")
  await fs.mkdir(dir, { recursive: true })
  const brand = readCopy<{ brand: { name: string } }>(contentDir, "fr", "common").brand.name
  await fs.writeFile(path.join(dir, "index.html"), cmsIndexHtml(brand))
  const config = cmsConfig(contentDir, {
    repo: process.env.CMS_REPO,
    branch: process.env.CMS_BRANCH,
  })
  await fs.writeFile(path.join(dir, "config.yml"), `${JSON.stringify(config)}\n`)
  const fonts = CMS_FONT_URLS.map(fontsourceFont)
  const script = localizeCmsFonts(await fs.readFile(CMS_DIST_SCRIPT, "utf8"), fonts)
  await copyCmsFonts(path.join(publicDir, CMS_FONTS_PATH), fonts)
  await fs.writeFile(path.join(publicDir, CMS_SCRIPT), script)
}

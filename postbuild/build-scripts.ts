// The inline scripts the build itself writes into pages, the only ones the CSP lets run (issue
// 46 finding 2). Anything else inline in a built page came from the content (raw HTML in a
// post that got past the content check) or from a change to the build: the post-build stops
// rather than give it a hash (postbuild/finish.ts).
import { createRequire } from "node:module"
import type { InlineScript } from "../server/static/csp"
import { fillTimeScript } from "../src/components/contact/fill-time-script"
import { prePaintLocationScript } from "../src/i18n/pre-paint-location"
import { prePaintThemeScript } from "../src/theme/theme"
import { LOADER } from "./defer-bundles"

type HeadElement = { props: { dangerouslySetInnerHTML?: { __html: string } } }

/** gatsby-plugin-image's script, as its onRenderBody writes it into every page's head. */
function imagePluginScripts(): string[] {
  const require = createRequire(__filename)
  const plugin = require("gatsby-plugin-image/gatsby-ssr") as {
    onRenderBody(api: { setHeadComponents(elements: HeadElement[]): void }): void
  }
  const scripts: string[] = []
  plugin.onRenderBody({
    setHeadComponents: (elements) =>
      scripts.push(...elements.flatMap((e) => e.props.dangerouslySetInnerHTML?.__html ?? [])),
  })
  return scripts
}

/** Texts written the same on every page: gatsby-ssr.tsx's, the plugins', the bundle loader. */
const EXACT = new Set([
  prePaintLocationScript,
  prePaintThemeScript,
  fillTimeScript,
  LOADER,
  ...imagePluginScripts(),
])

// Gatsby's page globals (cache-dir/static-entry.js and its script slice): each sets one global
// to a string literal, so whatever the literal holds, the script does nothing else.
const STRING = String.raw`"(?:[^"\\<]|\\.)*"`
const GATSBY = [
  new RegExp(String.raw`^/\*<!\[CDATA\[\*/window\.pagePath=${STRING};/\*\]\]>\*/$`),
  new RegExp(String.raw`^\s*window\.___chunkMapping=${STRING};\s*$`),
  /^window\.___webpackCompilationHash="[0-9a-f]+";$/,
]

/** Whether the build wrote this inline script. */
export const isBuildScript = ({ body }: InlineScript) =>
  EXACT.has(body) || GATSBY.some((pattern) => pattern.test(body))

// Nor does the build write an event-handler attribute (React renders none on the server) or a
// script address: one in a page came from the content.
const HANDLER = /<[a-z][^>]*?\son[a-z]+\s*=/gi
const SCRIPT_URL =
  /\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(?:javascript|vbscript|&#)/gi

/** The start of each script-bearing attribute in a page, which the build never writes. */
export const foreignAttributes = (html: string): string[] =>
  [...html.matchAll(HANDLER), ...html.matchAll(SCRIPT_URL)].map((match) => match[0].slice(0, 80))

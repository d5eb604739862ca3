import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import type { FastifyBaseLogger } from "fastify"
import { PREFIXED_LANGUAGES } from "../../contract/languages"
import { cmsContentSecurityPolicy, isCmsPath } from "./cms-csp"
import { contentSecurityPolicy, inlineScriptHashes } from "./csp"
import { cacheControlFor, contentTypeFor } from "./file-types"
import { isNotForBrowsers } from "./not-for-browsers"

export interface SiteFile {
  body: Buffer
  br: Buffer | null
  gzip: Buffer | null
  contentType: string
  cacheControl: string
  /** Null for a body written for one request. */
  etag: string | null
  /** For HTML only: a Content-Security-Policy allowing exactly its inline scripts. */
  csp: string | null
}

export interface Site {
  /** Keyed by URL path, decoded: "/produit/click&win/index.html". */
  files: Map<string, SiteFile>
  adminShell: SiteFile | null
  notFoundPage(urlPath: string): SiteFile | null
}

export const CSP_HASHES_FILE = "csp-hashes.json"

export interface SiteOptions {
  publicDir: string
  apiOrigin: string | null
  log: FastifyBaseLogger
  /** CMS_ENABLED: whether /cms/ is served at all. */
  cmsEnabled: boolean
  cmsGitApiOrigin: string
}

/**
 * Reads the whole build into memory once, so a request never waits for the disk; what no
 * browser needs (not-for-browsers.ts) is left out, so it is never served.
 */
export function loadSite({
  publicDir,
  apiOrigin,
  log,
  cmsEnabled,
  cmsGitApiOrigin,
}: SiteOptions): Site {
  const files = new Map<string, SiteFile>()
  if (!fs.existsSync(path.join(publicDir, "index.html"))) {
    log.warn({ publicDir }, "no built site: run `npm run build`; serving the API only")
  }
  const hashesFile = path.join(publicDir, CSP_HASHES_FILE)
  const knownHashes: Record<string, string[]> = fs.existsSync(hashesFile)
    ? JSON.parse(fs.readFileSync(hashesFile, "utf8"))
    : {}

  for (const [urlPath, absolute] of servedFiles(publicDir, cmsEnabled)) {
    const isHtml = urlPath.endsWith(".html")
    files.set(
      urlPath,
      siteFileAt(absolute, urlPath, (body) =>
        isHtml && isCmsPath(urlPath)
          ? cmsContentSecurityPolicy(cmsGitApiOrigin)
          : isHtml
            ? contentSecurityPolicy({
                scriptHashes: knownHashes[urlPath] ?? inlineScriptHashes(body.toString("utf8")),
                apiOrigin,
              })
            : null,
      ),
    )
  }

  const first = (candidates: string[]) => candidates.map((c) => files.get(c)).find(Boolean) ?? null
  // Gatsby writes a client-only page such as src/pages/admin/[...].tsx to admin/[...]/index.html.
  const adminShell =
    first(["/admin/[...]/index.html", "/admin/index.html"]) ??
    first(
      [...files.keys()]
        .filter((key) => key.startsWith("/admin/") && key.endsWith("/index.html"))
        .sort((a, b) => a.length - b.length),
    )

  return {
    files,
    adminShell,
    notFoundPage(urlPath) {
      const language = PREFIXED_LANGUAGES.find(
        (prefix) => urlPath === `/${prefix}` || urlPath.startsWith(`/${prefix}/`),
      )
      const localized = language ? [`/${language}/404.html`, `/${language}/404/index.html`] : []
      return first([...localized, "/404.html", "/404/index.html"])
    },
  }
}

/**
 * A page of the build with a body written for one request (the booking pages' server view):
 * compressed as the build compresses, never stored by any cache, with the page's own policy.
 */
export function renderedFile(page: SiteFile, html: string): SiteFile {
  const body = Buffer.from(html, "utf8")
  return {
    body,
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RENDERED_BROTLI_QUALITY },
    }),
    gzip: zlib.gzipSync(body),
    contentType: page.contentType,
    cacheControl: "private, no-store",
    etag: null,
    csp: page.csp,
  }
}

// The build's quality (11) takes tens of milliseconds a page: too slow for each request.
const RENDERED_BROTLI_QUALITY = 5

/** One file of a build with its precompressed siblings; `csp` gives an HTML page its policy. */
export function siteFileAt(
  absolute: string,
  urlPath: string,
  csp: (body: Buffer) => string | null = () => null,
): SiteFile {
  const body = fs.readFileSync(absolute)
  const sibling = (suffix: string) =>
    fs.existsSync(absolute + suffix) ? fs.readFileSync(absolute + suffix) : null
  return {
    body,
    br: sibling(".br"),
    gzip: sibling(".gz"),
    contentType: contentTypeFor(urlPath),
    cacheControl: cacheControlFor(urlPath),
    etag: `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    csp: csp(body),
  }
}

/**
 * The files of a build a browser may get, by URL path (decoded, "/"-separated, as the walk
 * found them): the only names ever served, so no request path is joined to a folder.
 */
export function* servedFiles(
  publicDir: string,
  cmsEnabled: boolean,
): Generator<[urlPath: string, absolute: string]> {
  for (const relative of walk(publicDir)) {
    if (
      /\.(br|gz)$/.test(relative) &&
      fs.existsSync(path.join(publicDir, relative.replace(/\.(br|gz)$/, "")))
    )
      continue
    const urlPath = `/${relative.split(path.sep).join("/")}`
    if (!isNotForBrowsers(urlPath, cmsEnabled)) yield [urlPath, path.join(publicDir, relative)]
  }
}

function* walk(root: string, relative = ""): Generator<string> {
  const directory = path.join(root, relative)
  if (!fs.existsSync(directory)) return
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(relative, entry.name)
    if (entry.isDirectory()) yield* walk(root, child)
    else if (entry.isFile()) yield child
  }
}

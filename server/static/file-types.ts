const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  pdf: "application/pdf",
}

/**
 * Extensions worth compressing; postbuild writes .br and .gz for these (not source maps: only
 * developer tools fetch them).
 */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|txt|xml|svg|ico|ttf)$/

export const contentTypeFor = (urlPath: string) =>
  TYPES[/\.([a-z0-9]+)$/i.exec(urlPath)?.[1].toLowerCase() ?? ""] ?? "application/octet-stream"

// webpack names its bundles with a content hash (app-<hash>.js, styles.<hash>.css) and
// Gatsby puts processed files under /static/<hash>/: a changed file gets a new URL.
const HASHED = /^\/static\/|[-.][0-9a-f]{16,}\.(?:m?js|css)(?:\.map)?$/

export const IMMUTABLE = "public, max-age=31536000, immutable"

export const cacheControlFor = (urlPath: string) => (HASHED.test(urlPath) ? IMMUTABLE : "no-cache")

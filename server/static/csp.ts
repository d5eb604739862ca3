import { createHash } from "node:crypto"

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const TYPE_ATTRIBUTE = /\btype\s*=\s*["']?([^"'\s>]+)/i
const SCRIPT_TYPES = ["text/javascript", "application/javascript", "module"]

export type InlineScript = { attributes: string; body: string }

/** The inline scripts a page runs: external scripts and data blocks (JSON-LD) left out. */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = []
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1].toLowerCase()
    // External scripts are covered by 'self'; JSON-LD and other data blocks never run.
    if (/\bsrc\s*=/i.test(attributes) || (type && !SCRIPT_TYPES.includes(type))) continue
    scripts.push({ attributes, body })
  }
  return scripts
}

/** The CSP source expression ('sha256-...') that lets a script's text run. */
export const scriptHash = (body: string) =>
  `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`

/**
 * The hashes of every inline script of a page. The post-build hashes only the scripts the
 * build wrote (postbuild/build-scripts.ts); this is for a page it never saw.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(({ body }) => scriptHash(body)))]
}

export function contentSecurityPolicy(options: {
  scriptHashes?: string[]
  apiOrigin?: string | null
}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(options.scriptHashes ?? [])].join(" "),
    // Gatsby inlines its CSS in every page, and components set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", options.apiOrigin].filter(Boolean).join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ")
}

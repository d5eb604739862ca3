import { createHash } from "node:crypto"

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const TYPE_ATTRIBUTE = /\btype\s*=\s*["']?([^"'\s>]+)/i
const SCRIPT_TYPES = ["text/javascript", "application/javascript", "module"]

/** The CSP source expressions ('sha256-...') of every inline script a page runs. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1].toLowerCase()
    // External scripts are covered by 'self'; JSON-LD and other data blocks never run.
    if (/\bsrc\s*=/i.test(attributes) || (type && !SCRIPT_TYPES.includes(type))) continue
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`)
  }
  return [...hashes]
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

// What the contact form may send about where the visit came from. Plain values without
// imports: the server's schema and the site's tiny capture module both read them, and the
// site drops a value that breaks a rule rather than have the whole message refused.

export const LEAD_SOURCE_RULES = {
  /** A path as the address bar encodes it (RFC 3986 path characters), without the query. */
  landing: { maxLength: 300, pattern: "^/[A-Za-z0-9\\-._~!$&'()*+,;=:@%/]*$" },
  /** A host name only (lower case, punycode), never the referring page's path or query. */
  referrer: {
    maxLength: 253,
    pattern: "^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$",
  },
  /** utm_* values: letters of any script, digits, spaces and common punctuation; no markup, no control characters. */
  utm: { maxLength: 100, pattern: "^[\\p{L}\\p{M}\\p{N}\\p{Pd} ._~+:/@&(),!'#|%]+$" },
} as const

/**
 * The utm_* parameters by what follows "utm": the address bar's `utm_source`, the contact body's
 * `UtmSource`, the beacon's `utmSource` (lead-source.ts's table names them in full).
 */
export const UTM_NAMES = ["Source", "Medium", "Campaign", "Term", "Content"] as const
export type UtmName = (typeof UTM_NAMES)[number]

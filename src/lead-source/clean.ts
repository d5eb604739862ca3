import { LEAD_SOURCE_RULES, UTM_NAMES, type UtmName } from "../../contract/lead-source-rules"

// The checks both the lead source (./lead-source.ts) and the audience beacon (src/audience/)
// apply to what they read from the address bar before it leaves the browser.

type Rule = { maxLength: number; pattern: string }

/**
 * The value when it keeps the server's rule (cut to its length), else nothing: a bad value must
 * never cost the message.
 */
export function clean(value: string | null | undefined, rule: Rule): string | undefined {
  const text = value?.trim().slice(0, rule.maxLength).trim()
  return text && new RegExp(rule.pattern, "u").test(text) ? text : undefined
}

/** The referring page's host when it is another site's, else nothing (the audience beacon sends it too). */
export function externalHost(referrer: string, ownHost: string): string | undefined {
  try {
    const url = new URL(referrer)
    return /^https?:$/.test(url.protocol) && url.host !== ownHost
      ? clean(url.hostname, LEAD_SOURCE_RULES.referrer)
      : undefined
  } catch {
    return undefined
  }
}

/** The path when it keeps the rule, else nothing. */
export const cleanPath = (pathname: string) => clean(pathname, LEAD_SOURCE_RULES.landing)

/**
 * The utm_* values of a query string that keep the rule, each under `prefix` and its name
 * ("UtmSource" for the contact body, "utmSource" for the beacon).
 */
export function utmValues<P extends string>(search: string, prefix: P) {
  const params = new URLSearchParams(search)
  const fields: Record<string, string> = {}
  for (const name of UTM_NAMES) {
    const text = clean(params.get("utm_" + name.toLowerCase()), LEAD_SOURCE_RULES.utm)
    if (text) fields[prefix + name] = text
  }
  return fields as { [N in UtmName as `${P}${N}`]?: string }
}

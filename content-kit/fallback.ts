// The French fallback, the one implementation: the site (its Locale nodes,
// src/content/page-content.ts), the build (content-kit/copy.ts), the content check and the
// server's mails all complete a translation from French with it. No Node import: it ships in
// the site's pages.
type Json = unknown

/**
 * A missing translation falls back to French: objects merge key by key, arrays item by
 * item, so one untranslated sentence shows in French instead of emptying a whole section.
 */
export function withFallback<T extends Json>(french: T, local: Json): T {
  if (local === undefined || local === null || local === "") return french
  if (Array.isArray(french)) {
    if (!Array.isArray(local)) return french
    return french.map((item, index) => withFallback(item, local[index])) as T
  }
  if (typeof french === "object" && french !== null) {
    if (typeof local !== "object" || Array.isArray(local)) return french
    const merged: Record<string, Json> = { ...(local as Record<string, Json>) }
    for (const [key, value] of Object.entries(french)) {
      merged[key] = withFallback(value, (local as Record<string, Json>)[key])
    }
    return merged as T
  }
  return (typeof local === typeof french ? local : french) as T
}

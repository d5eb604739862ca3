const isControl = (character: string) => character < " " || character === "\x7f"

/**
 * Why a request path, once decoded, may not meet the files map or a folder; null when it may.
 * Refused: a "." or ".." segment however it was encoded (%2e%2e, ..%2f), a backslash (%5c), a
 * control character (%00), and percent-encoding left after the one decoding (..%252f).
 */
export function refusedPath(decoded: string): string | null {
  if (decoded.split("/").some((segment) => segment === "." || segment === ".."))
    return 'The path has a "." or ".." segment.'
  if (decoded.includes("\\")) return "The path has a backslash."
  if ([...decoded].some(isControl)) return "The path has a control character."
  if (/%[0-9a-f]{2}/i.test(decoded)) return "The path is percent-encoded twice."
  return null
}

// Same origin by default; GATSBY_API_URL (read at build time) points a static deployment at
// a separate API. The specification's hard-coded development address is gone on purpose.
// A module of its own so that the audience beacon takes it without the rest of the client.
const apiOrigin = (process.env.GATSBY_API_URL ?? "").replace(/\/$/, "")

export function apiUrl(path: string): string {
  return apiOrigin + path
}

import type { FastifyRequest } from "fastify"

/** Bidirectional embeddings, overrides and isolates: U+202A-U+202E, U+2066-U+2069. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g

/**
 * preValidation hook: removes bidirectional controls from the body's top-level strings. They
 * can make a name or message read differently in the admin (a reversed "moc.evil" address,
 * Trojan Source), yet they also come with text pasted from right-to-left editors; removing
 * them keeps every visible character, where refusing would lose a visitor's message over a
 * character they cannot see.
 */
export async function stripBidiControls(request: FastifyRequest) {
  const body = request.body
  if (body === null || typeof body !== "object" || Array.isArray(body)) return
  const fields = body as Record<string, unknown>
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") fields[key] = value.replace(BIDI_CONTROLS, "")
  }
}

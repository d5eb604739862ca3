import type { FastifyRequest } from "fastify"

/** preValidation hook: trims the body's top-level strings so the schema checks what is kept. */
export async function trimBody(request: FastifyRequest) {
  const body = request.body
  if (body === null || typeof body !== "object" || Array.isArray(body)) return
  const fields = body as Record<string, unknown>
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") fields[key] = value.trim()
  }
}

import type { FastifyReply } from "fastify"

/** Holds an editor's preview token (server/routes/static-site.ts serves that release to them). */
export const PREVIEW_COOKIE = "mesurea_preview"
const PREVIEW_HOURS = 8

/**
 * Lax, not Strict: the preview link is opened from a mail or a chat, a navigation from
 * another site, and the page it redirects to must already see the cookie.
 */
export function setPreviewCookie(reply: FastifyReply, token: string | null, secure: boolean) {
  const attributes = [
    `${PREVIEW_COOKIE}=${token ?? ""}`,
    "Path=/",
    `Max-Age=${token ? PREVIEW_HOURS * 3600 : 0}`,
    "HttpOnly",
    "SameSite=Lax",
  ]
  if (secure) attributes.push("Secure")
  reply.header("set-cookie", attributes.join("; "))
}

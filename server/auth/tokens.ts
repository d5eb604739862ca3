import { createHash, randomBytes } from "node:crypto"

export const SESSION_COOKIE = "admin_session"

/** 256 random bits, URL-safe. */
export const newSessionToken = () => randomBytes(32).toString("base64url")

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex")

/** What logs say instead of a user name that failed to sign in. */
export const usernameHash = (username: string) => hashToken(username).slice(0, 16)

import { randomBytes } from "node:crypto"

/** A secret link's token: 32 random bytes, base64url. The store keeps only its SHA-256. */
export const newToken = () => randomBytes(32).toString("base64url")

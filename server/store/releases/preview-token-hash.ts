import { createHash } from "node:crypto"

/** The store keeps a preview's token as this hash: a copy of the database opens no preview. */
export const hashPreviewToken = (token: string) => createHash("sha256").update(token).digest("hex")

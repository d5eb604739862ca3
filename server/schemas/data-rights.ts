import { type Static, Type } from "@sinclair/typebox"
import { PageQuery } from "./admin"
import { EmailAddress } from "./text"

// The address travels in a POST body, never in a URL: URLs end up in the server's logs.
export const EmailBody = Type.Object({ email: EmailAddress() }, { additionalProperties: false })
export type EmailPayload = Static<typeof EmailBody>

export const ErasureListQuery = Type.Object(PageQuery, { additionalProperties: false })
export type ErasureListParams = Static<typeof ErasureListQuery>

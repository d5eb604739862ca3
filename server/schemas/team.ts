import { type Static, Type } from "@sinclair/typebox"
import { ADMIN_ROLES } from "../store/schema"
import { PageQuery } from "./admin"
import { MultiLine } from "./text"

const Id = () => Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })
const Role = () => Type.Union(ADMIN_ROLES.map((r) => Type.Literal(r)))

/** The same rule as ADMIN_USERNAME: what a user name may be everywhere. */
export const USERNAME_PATTERN = "^[a-z0-9._@-]{1,64}$"

export const AssigneeBody = Type.Object({ assigneeId: Type.Union([Id(), Type.Null()]) }, { additionalProperties: false })
export type AssigneePayload = Static<typeof AssigneeBody>

export const NoteBody = Type.Object({ text: MultiLine({ minLength: 1, maxLength: 5000 }) }, { additionalProperties: false })
export type NotePayload = Static<typeof NoteBody>

export const NewUserBody = Type.Object({ username: Type.String({ pattern: USERNAME_PATTERN }), role: Role() }, { additionalProperties: false })
export type NewUserPayload = Static<typeof NewUserBody>

export const RoleBody = Type.Object({ role: Role() }, { additionalProperties: false })
export type RolePayload = Static<typeof RoleBody>

export const AuditQuery = Type.Object({ messageId: Type.Optional(Id()), ...PageQuery }, { additionalProperties: false })
export type AuditParams = Static<typeof AuditQuery>

export const SourcesQuery = Type.Object({ days: Type.Union([Type.Literal("7"), Type.Literal("30"), Type.Literal("90")]) }, { additionalProperties: false })
export type SourcesParams = Static<typeof SourcesQuery>

export const TotpCodeBody = Type.Object({ code: Type.String({ pattern: "^[0-9]{6}$" }) }, { additionalProperties: false })
export type TotpCodePayload = Static<typeof TotpCodeBody>

export const TotpDisableBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false })
export type TotpDisablePayload = Static<typeof TotpDisableBody>

import { type Static, Type } from "@sinclair/typebox"
import { AccountRef } from "./message"
import { ROLES } from "./roles"
import { Id, MultiLine, StringEnum } from "./text"

const Role = () => StringEnum(ROLES)

/** The same rule as ADMIN_USERNAME: what a user name may be everywhere. */
export const USERNAME_PATTERN = "^[a-z0-9._@-]{1,64}$"

export const AssigneeBody = Type.Object(
  { assigneeId: Type.Union([Id(), Type.Null()]) },
  { additionalProperties: false },
)
export type AssigneePayload = Static<typeof AssigneeBody>

/** `GET /api/admin/assignees`: whom a message may be given to. */
export const Assignees = Type.Array(AccountRef)
export type Assignee = Static<typeof AccountRef>

export const NoteBody = Type.Object(
  { text: MultiLine({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
)
export type NotePayload = Static<typeof NoteBody>

/** A team note on a message, seen only in the admin area. */
export const Note = Type.Object({
  id: Type.String(),
  messageId: Type.String(),
  author: Type.String(),
  createdAt: Type.String(),
  text: Type.String(),
})
export type Note = Static<typeof Note>

export const NewUserBody = Type.Object(
  { username: Type.String({ pattern: USERNAME_PATTERN }), role: Role() },
  { additionalProperties: false },
)
export type NewUserPayload = Static<typeof NewUserBody>

export const RoleBody = Type.Object({ role: Role() }, { additionalProperties: false })
export type RolePayload = Static<typeof RoleBody>

/** An account as the users page shows it: no hash, no secret. */
export const TeamMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: Role(),
  totpEnabled: Type.Boolean(),
  createdAt: Type.String(),
})
export type TeamMember = Static<typeof TeamMember>

/** A new account and its first password, shown once to the owner who hands it over. */
export const NewUserAnswer = Type.Object({ user: TeamMember, password: Type.String() })
export type NewUser = Static<typeof NewUserAnswer>

export const SourcesQuery = Type.Object(
  { days: Type.Union([Type.Literal("7"), Type.Literal("30"), Type.Literal("90")]) },
  { additionalProperties: false },
)
export type SourcesParams = Static<typeof SourcesQuery>

/** One source or campaign; name null: no utm_source and no external referrer (typed address, bookmark, or not said). */
const SourceCount = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer({ minimum: 0 }),
})
/** The dashboard's counts of non-spam messages per source and per campaign over the last `days` days. */
export const LeadSourceCounts = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  /**
   * The most frequent, at most TOP_SOURCES (store/lead-sources.ts); the rest are summed in
   * otherSources, otherCampaigns.
   */
  bySource: Type.Array(SourceCount),
  byCampaign: Type.Array(SourceCount),
  otherSources: Type.Integer({ minimum: 0 }),
  otherCampaigns: Type.Integer({ minimum: 0 }),
})
export type LeadSourceCounts = Static<typeof LeadSourceCounts>
export const SourcesAnswer = Type.Object({ days: Type.Integer(), ...LeadSourceCounts.properties })
export type SourceCounts = Static<typeof SourcesAnswer>

/** Turning the second factor on: the first code of the app, and the account's password again. */
export const TotpEnableBody = Type.Object(
  {
    code: Type.String({ pattern: "^[0-9]{6}$" }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type TotpEnablePayload = Static<typeof TotpEnableBody>

export const TotpDisableBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
)
export type TotpDisablePayload = Static<typeof TotpDisableBody>

/** The secret to type or scan (its otpauth:// URI), shown once while the setup waits for a code. */
export const TotpSetupAnswer = Type.Object({ secret: Type.String(), uri: Type.String() })
export type TotpSetup = Static<typeof TotpSetupAnswer>
export const TotpState = Type.Object({ totpEnabled: Type.Boolean() })

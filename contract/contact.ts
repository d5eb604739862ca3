import { type Static, Type } from "@sinclair/typebox"
import { LeadSourceFields } from "./lead-source-schema"
import { EmailAddress, Language, MultiLine, OneLine } from "./text"

/** Who sends a lead from one of the site's forms. */
export const SenderFields = {
  name: OneLine({ minLength: 1, maxLength: 200 }),
  Email: EmailAddress(),
  Company: Type.Optional(OneLine({ maxLength: 200 })),
}

/** What a site form adds about the visit: language, page, spam signals and lead source. */
export const VisitFields = {
  /** The language the visitor was reading. */
  Language: Type.Optional(Language()),
  /** The path the form was sent from. */
  Page: Type.Optional(
    Type.String({ maxLength: 300, pattern: "^/[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]*$" }),
  ),
  /** Honeypot: a hidden field people leave empty. */
  Website: Type.Optional(Type.String({ maxLength: 1000 })),
  /** Milliseconds between showing the form and sending it. */
  ElapsedMs: Type.Optional(Type.Integer({ minimum: 0 })),
  ...LeadSourceFields,
}

/** The body of `POST /SendMessage`: the specification's fields, then the site form's extras. */
export const ContactBody = Type.Object(
  {
    ...SenderFields,
    /** Free text: refusing "+33 1 23 45 67 89 ext. 12" would lose the whole message. */
    Phone: Type.Optional(OneLine({ maxLength: 50 })),
    Message: MultiLine({ minLength: 1, maxLength: 10_000 }),
    ...VisitFields,
  },
  { additionalProperties: false },
)
export type ContactPayload = Static<typeof ContactBody>

export const ContactCreated = Type.Object({ id: Type.String() })

import { type Static, Type } from "@sinclair/typebox"
import { LeadSourceFields } from "./lead-source-schema"
import { EmailAddress, Language, MultiLine, OneLine } from "./text"

/** The body of `POST /SendMessage`: the specification's fields, then the site form's extras. */
export const ContactBody = Type.Object(
  {
    name: OneLine({ minLength: 1, maxLength: 200 }),
    Email: EmailAddress(),
    Company: Type.Optional(OneLine({ maxLength: 200 })),
    /** Free text: refusing "+33 1 23 45 67 89 ext. 12" would lose the whole message. */
    Phone: Type.Optional(OneLine({ maxLength: 50 })),
    Message: MultiLine({ minLength: 1, maxLength: 10_000 }),
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
  },
  { additionalProperties: false },
)
export type ContactPayload = Static<typeof ContactBody>

export const ContactCreated = Type.Object({ id: Type.String() })

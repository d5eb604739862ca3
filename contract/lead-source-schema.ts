import { type TNull, type TOptional, type TString, type TUnion, Type } from "@sinclair/typebox"
import {
  LEAD_SOURCE_FIELDS,
  type LeadSourceField,
  VISIT_SOURCE_FIELDS,
  type VisitSourceField,
} from "./lead-source"
import { LEAD_SOURCE_RULES } from "./lead-source-rules"
import { Nullable } from "./text"

// The schemas of the lead source (lead-source.ts), one property per field of its table.

/** A field's value as a visitor's browser sends it: optional, and keeping the field's rule. */
const sent = (field: LeadSourceField) =>
  Type.Optional(
    Type.String(
      field.rule === "utm"
        ? { minLength: 1, ...LEAD_SOURCE_RULES.utm }
        : LEAD_SOURCE_RULES[field.rule],
    ),
  )

/** The contact body's fields about where the visit came from, all optional. */
export const LeadSourceFields = Object.fromEntries(
  LEAD_SOURCE_FIELDS.map((field) => [field.body, sent(field)]),
) as { [F in LeadSourceField as F["body"]]: TOptional<TString> }

/** A page view's fields about where the visit came from (its path is the landing page). */
export const VisitSourceFields = Object.fromEntries(
  VISIT_SOURCE_FIELDS.map((field) => [field.name, sent(field)]),
) as { [F in VisitSourceField as F["name"]]: TOptional<TString> }

/** Where a lead came from; every field null when the site did not say (older messages, other clients). */
export const LeadSource = Type.Object(
  Object.fromEntries(LEAD_SOURCE_FIELDS.map((field) => [field.name, Nullable(Type.String())])) as {
    [F in LeadSourceField as F["name"]]: TUnion<[TString, TNull]>
  },
)

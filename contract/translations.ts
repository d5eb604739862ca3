import { type Static, Type } from "@sinclair/typebox"
import { PREFIXED_LANGUAGES } from "./languages"

/** GET /api/admin/translations: per translated language, how many keys are missing, outdated or unused. */
export const TranslationStatus = Type.Object({
  languages: Type.Array(
    Type.Object({
      language: Type.Union(PREFIXED_LANGUAGES.map((language) => Type.Literal(language))),
      missing: Type.Integer({ minimum: 0 }),
      outdated: Type.Integer({ minimum: 0 }),
      unused: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type TranslationStatus = Static<typeof TranslationStatus>

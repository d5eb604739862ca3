import type { InitOptions } from "i18next"
import { defaultLanguage } from "./languages"

// The translation rules of SPEC 4, shared by gatsby-config.ts and the tests: a missing key
// falls back to French, then to the key itself; list-valued entries join with line breaks.
export const i18nextOptions = {
  defaultNS: "common",
  fallbackLng: defaultLanguage,
  joinArrays: "\n",
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  returnNull: false,
} satisfies InitOptions

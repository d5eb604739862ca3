import i18next, { type i18n, type Resource } from "i18next"
import { initReactI18next } from "react-i18next"
import type { LocaleNode } from "../../content/page-content"
import { i18nextOptions } from "../../i18n/i18next-options"
import type { Language } from "../../i18n/languages"

/**
 * The admin's own i18next instance, holding "admin" and "common" in every language. The
 * page's instance (src/i18n/page-i18n.tsx) is fixed to the page's language (always French
 * here), so it cannot follow the admin's choice without a page change.
 */
export function createAdminI18n(nodes: LocaleNode[], language: Language): i18n {
  const resources: Resource = {}
  for (const node of nodes) {
    resources[node.language] ??= {}
    resources[node.language][node.ns] = JSON.parse(node.data)
  }
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    ...i18nextOptions,
    defaultNS: "admin",
    ns: ["admin", "common"],
    lng: language,
    resources,
    react: { useSuspense: false },
    initImmediate: false,
  })
  return instance
}

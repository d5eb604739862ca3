import i18next, { type i18n, type Resource } from "i18next"
import React from "react"
import { I18nextProvider } from "react-i18next"
import { localeNodes, type LocaleEdges, type LocaleNode } from "../content/page-content"
import { i18nextOptions } from "./i18next-options"
import { defaultLanguage } from "./languages"

/**
 * The page's i18next instance, as gatsby-plugin-react-i18next 3.0.1 builds it in its
 * `wrapPageElement`, which this replaces in both the browser and the static render
 * (src/node/webpack-config.ts): the page's `locales` query gives the resources, the page's
 * own namespace is the default one and the others are fallbacks, French is the fallback
 * language. The plugin still creates the localized pages; only its wrapper is ours.
 *
 * Why: the plugin `require`s react-i18next as a whole (Trans, withTranslation, withSSR and
 * their HTML parser went into every page, ~6 KB gzip, unused), requires i18next's CommonJS
 * build beside the ES build the admin imports, and builds a new instance on every render of
 * the page. Here the imports are named, so the bundler keeps what is used, and one instance
 * is kept per page's data. Its `I18nextContext` and `useI18next` are therefore not provided:
 * the site reads its language from `useLanguage()` (an ESLint rule forbids the plugin's
 * browser API in src/).
 */
const instances = new WeakMap<object, i18n>()

export function createPageI18n(locales: LocaleEdges | null | undefined, language: string): i18n {
  return createI18n(localeNodes(locales), language)
}

/**
 * An instance over the given namespaces: the first one other than `common` is the default,
 * the others are fallbacks, French is the fallback language. The admin builds its own with
 * this too (src/admin/admin-app.tsx): "admin" and "common" in every language, so it
 * can follow the admin's language choice without a page change.
 */
export function createI18n(nodes: LocaleNode[], language: string): i18n {
  const namespaces = [...new Set(nodes.map((node) => node.ns))]
  const defaultNS =
    namespaces.find((ns) => ns !== i18nextOptions.defaultNS) ?? i18nextOptions.defaultNS
  const resources: Resource = {}
  for (const node of nodes) {
    resources[node.language] ??= {}
    resources[node.language][node.ns || defaultNS] = JSON.parse(node.data)
  }
  const instance = i18next.createInstance()
  void instance.init({
    ...i18nextOptions,
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    defaultNS,
    fallbackNS: namespaces.filter((ns) => ns !== defaultNS),
    react: { useSuspense: false },
    initImmediate: false,
  })
  return instance
}

type PageProps = {
  data?: unknown
  pageContext: { language?: string; i18n?: { language?: string } }
}

export function PageI18n({ props, children }: { props: PageProps; children: React.ReactNode }) {
  const data = (props.data ?? {}) as { locales?: LocaleEdges | null }
  const language = props.pageContext.i18n?.language ?? props.pageContext.language ?? defaultLanguage
  let instance = instances.get(data)
  if (!instance || instance.language !== language) {
    instance = createPageI18n(data.locales, language)
    instances.set(data, instance)
  }
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>
}

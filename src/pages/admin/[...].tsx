import { graphql, type HeadProps, type PageProps } from "gatsby"
import React, { useMemo } from "react"
import { AdminApp } from "../../components/admin/admin-app"
import { brandName, localeNodes } from "../../content/locales"
import { readNamespace } from "../../content/page-content"
import { readSavedLanguage } from "../../i18n/language-context"
import { defaultLanguage } from "../../i18n/languages"

/** Every /admin/* path: one client-only page, outside the language prefixes (gatsby-config.ts). */
export default function AdminPage({ data, location }: PageProps<Queries.AdminQuery>) {
  const nodes = useMemo(() => localeNodes(data.locales), [data.locales])
  return <AdminApp nodes={nodes} pathname={location.pathname} search={location.search} />
}

// Head is not hydrated: in the browser it may follow the saved language; the static shell is French.
export function Head({ data }: HeadProps<Queries.AdminQuery>) {
  const nodes = localeNodes(data.locales)
  const language = (typeof window !== "undefined" && readSavedLanguage(window.localStorage)) || defaultLanguage
  const title = readNamespace<{ meta: { title: string } }>(nodes, "admin", language).meta.title
  return (
    <>
      <html lang={language} />
      <title>{`${title} | ${brandName(nodes, language)}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    </>
  )
}

// Every language of the admin's strings: the admin switches language without changing page.
export const query = graphql`
  query Admin {
    locales: allLocale(filter: { ns: { in: ["common", "admin"] } }) {
      ...LocaleNodes
    }
  }
`

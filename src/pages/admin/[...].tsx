import { graphql, type HeadProps, type PageProps } from "gatsby"
import React, { useMemo } from "react"
import { AdminApp } from "../../admin/admin-app"
import { matchAdminRoute, type AdminRoute } from "../../admin/admin-routes"
import { brandName } from "../../content/locales"
import { readNamespace, localeNodes } from "../../content/page-content"
import { readSavedLanguage } from "../../i18n/language-context"
import { defaultLanguage } from "../../i18n/languages"

/** Every /admin/* path: one client-only page, outside the language prefixes (gatsby-config.ts). */
export default function AdminPage({ data, location }: PageProps<Queries.AdminQuery>) {
  const nodes = useMemo(() => localeNodes(data.locales), [data.locales])
  return <AdminApp nodes={nodes} pathname={location.pathname} search={location.search} />
}

type AdminStrings = { meta: { title: string } } & Record<string, { title?: string; text?: string }>

/** The screens named by their entry of the navigation; the old Management by where it leads. */
const namedInShell = {
  meetings: "meetings",
  account: "account",
  publishing: "publishing",
  data: "data",
  deliveries: "deliveries",
  management: "account",
} as const

const screenTitle = (strings: AdminStrings, route: AdminRoute) =>
  route.view === "message"
    ? strings.message.text
    : route.view === "inbox"
      ? strings.inbox.title
      : route.view in namedInShell
        ? (strings.shell as unknown as Record<string, string>)[
            namedInShell[route.view as keyof typeof namedInShell]
          ]
        : strings[route.view].title

// Head is not hydrated: in the browser it follows the saved language and the screen; the static shell is French.
export function Head({ data, location }: HeadProps<Queries.AdminQuery>) {
  const nodes = localeNodes(data.locales)
  const language =
    (typeof window !== "undefined" && readSavedLanguage(window.localStorage)) || defaultLanguage
  const strings = readNamespace<AdminStrings>(nodes, "admin", language)
  const title =
    typeof window === "undefined"
      ? strings.meta.title
      : `${screenTitle(strings, matchAdminRoute(location.pathname))} – ${strings.meta.title}`
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

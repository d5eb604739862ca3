import { graphql, type PageProps } from "gatsby"
import React from "react"
import type { BookingPageContent } from "../../content-kit/schema/page"
import { ManageView } from "../components/booking/manage-view"
import { ServerView, useHydrated } from "../components/booking/server-view"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { cardVariants } from "../components/ui/card"
import { Eyebrow } from "../components/ui/eyebrow"
import { pageLanguage, readCopy, type PageContext } from "../content/locales"
import { readNamespace, localeNodes } from "../content/page-content"

export default function BookingManageTemplate({
  data,
  pageContext,
}: PageProps<Queries.BookingManagePageQuery, PageContext>) {
  const manage = readCopy(data.locales, pageContext, "booking-manage")
  const booking = readNamespace<BookingPageContent>(
    localeNodes(data.locales),
    "booking",
    pageLanguage(pageContext),
  )
  const hydrated = useHydrated()
  return (
    <Layout withContactBand={false}>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Eyebrow>{manage.hero.eyebrow}</Eyebrow>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance">
          {manage.hero.title}
        </h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{manage.hero.lead}</p>
        <div className={`${cardVariants({ variant: "panel" })} mt-8`}>
          {hydrated ? <ManageView copy={{ manage, booking }} /> : <ServerView />}
        </div>
      </div>
    </Layout>
  )
}

export const Head = headFromCopy("booking-manage", true)

export const query = graphql`
  query BookingManagePage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", "booking", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`

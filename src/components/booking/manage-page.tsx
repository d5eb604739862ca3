import type { PageProps } from "gatsby"
import React from "react"
import type { BookingPageContent } from "../../../content-kit/schema/page"
import { pageLanguage, readCopy, type PageContext } from "../../content/locales"
import { readNamespace, localeNodes } from "../../content/page-content"
import { Layout } from "../layout/layout"
import { headFromCopy } from "../page-head"
import { cardVariants } from "../ui/card"
import { Eyebrow } from "../ui/eyebrow"
import { ManageView } from "./manage-view"
import { ServerView, useHydrated } from "./server-view"

/** The manage page (template "booking-manage", drawn by src/templates/booking.tsx). */
export function BookingManagePage({
  data,
  pageContext,
}: PageProps<Queries.BookingPageQuery, PageContext>) {
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

export const BookingManageHead = headFromCopy("booking-manage", true)

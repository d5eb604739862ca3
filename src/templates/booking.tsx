import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { buildOnlyRoutes } from "../../content-kit/page-routes"
import { BookingPlanner } from "../components/booking/booking-planner"
import { BookingManageHead, BookingManagePage } from "../components/booking/manage-page"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { cardVariants } from "../components/ui/card"
import { Eyebrow } from "../components/ui/eyebrow"
import { readCopy, type PageContext } from "../content/locales"

// Two templates of the route table in one file, so one chunk: each template costs every page's
// first load its entry in Gatsby's chunk map (about 70 bytes gzip), and the manage page is
// reached only from the booking or a mail.
export default function BookingTemplate(props: PageProps<Queries.BookingPageQuery, PageContext>) {
  return props.pageContext.ns === buildOnlyRoutes.bookingManage.ns ? (
    <BookingManagePage {...props} />
  ) : (
    <BookingPlannerPage {...props} />
  )
}

function BookingPlannerPage({
  data,
  pageContext,
}: PageProps<Queries.BookingPageQuery, PageContext>) {
  const copy = readCopy(data.locales, pageContext, "booking")
  return (
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <Eyebrow>{copy.hero.eyebrow}</Eyebrow>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {copy.hero.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
            {copy.hero.lead}
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4 pb-20 sm:px-6">
        <div className={cardVariants({ variant: "panel" })}>
          <BookingPlanner copy={copy} />
        </div>
      </div>
    </Layout>
  )
}

const BookingHead = headFromCopy("booking")

export const Head = (props: HeadProps<Queries.BookingPageQuery, PageContext>) =>
  props.pageContext.ns === buildOnlyRoutes.bookingManage.ns ? (
    <BookingManageHead {...props} />
  ) : (
    <BookingHead {...props} />
  )

export const query = graphql`
  query BookingPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", "booking", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`

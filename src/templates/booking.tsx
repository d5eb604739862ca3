import { graphql, type PageProps } from "gatsby"
import React from "react"
import { BookingPlanner } from "../components/booking/booking-planner"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { cardVariants } from "../components/ui/card"
import { Eyebrow } from "../components/ui/eyebrow"
import { readCopy, type PageContext } from "../content/locales"

export default function BookingTemplate({
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

export const Head = headFromCopy("booking")

export const query = graphql`
  query BookingPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`

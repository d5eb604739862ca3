import { graphql, type PageProps } from "gatsby"
import React from "react"
import { ContactForm } from "../components/contact/contact-form"
import { ContactInfoItem } from "../components/contact/contact-info-item"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { cardVariants } from "../components/ui/card"
import { cn } from "../components/ui/cn"
import { Eyebrow } from "../components/ui/eyebrow"
import { readCopy, type PageContext } from "../content/locales"

export default function ContactTemplate({
  data,
  pageContext,
}: PageProps<Queries.ContactPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "contact")
  const { info, reasons } = content
  return (
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          {content.hero.eyebrow && <Eyebrow>{content.hero.eyebrow}</Eyebrow>}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {content.hero.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
            {content.hero.lead}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-title"
          className={cn(cardVariants({ variant: "panel" }), "lg:col-span-2")}
        >
          <h2 id="contact-form-title" className="mb-6 text-2xl font-bold">
            {content.formTitle}
          </h2>
          <ContactForm />
        </section>
        <div className="space-y-8">
          <section
            aria-labelledby="contact-info-title"
            className={cardVariants({ variant: "muted" })}
          >
            <h2 id="contact-info-title" className="text-xl font-bold">
              {info.title}
            </h2>
            <dl className="mt-4 space-y-4">
              <ContactInfoItem icon="map-pin" label={info.addressLabel}>
                <address className="not-italic">
                  {info.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </ContactInfoItem>
              <ContactInfoItem icon="clock" label={info.hoursLabel}>
                {info.hours}
              </ContactInfoItem>
              <ContactInfoItem icon="mail" label={info.emailLabel}>
                {info.email}
              </ContactInfoItem>
            </dl>
          </section>
          <section aria-labelledby="contact-reasons-title" className={cardVariants()}>
            <h2 id="contact-reasons-title" className="text-xl font-bold">
              {reasons.title}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5">
              {reasons.items.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </Layout>
  )
}

export const Head = headFromCopy("contact")

export const query = graphql`
  query ContactPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`

import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Clock, Mail, MapPin } from "lucide-react"
import React from "react"
import { ContactForm } from "../components/contact/contact-form"
import { ContactInfoItem } from "../components/contact/contact-info-item"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/seo"
import { brandName, localeNodes, pageLanguage, type PageContext } from "../content/locales"
import { readNamespace, type ContactPageContent } from "../content/page-content"
import { pageBreadcrumbs } from "../content/structured-data"

export default function ContactTemplate({ data, pageContext }: PageProps<Queries.ContactPageQuery, PageContext>) {
  const content = readNamespace<ContactPageContent>(localeNodes(data.locales), pageContext.ns, pageLanguage(pageContext))
  const { info, reasons } = content
  return (
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          {content.hero.eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{content.hero.eyebrow}</p>}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{content.hero.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{content.hero.lead}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2 dark:bg-slate-900 dark:ring-slate-800">
          <h2 id="contact-form-title" className="mb-6 text-2xl font-bold">
            {content.formTitle}
          </h2>
          <ContactForm />
        </section>
        <div className="space-y-8">
          <section aria-labelledby="contact-info-title" className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-900">
            <h2 id="contact-info-title" className="text-xl font-bold">
              {info.title}
            </h2>
            <dl className="mt-4 space-y-4">
              <ContactInfoItem icon={MapPin} label={info.addressLabel}>
                <address className="not-italic">
                  {info.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </ContactInfoItem>
              <ContactInfoItem icon={Clock} label={info.hoursLabel}>
                {info.hours}
              </ContactInfoItem>
              <ContactInfoItem icon={Mail} label={info.emailLabel}>
                {info.email}
              </ContactInfoItem>
            </dl>
          </section>
          <section aria-labelledby="contact-reasons-title" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
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

export function Head({ data, pageContext }: HeadProps<Queries.ContactPageQuery, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const { meta } = readNamespace<ContactPageContent>(nodes, pageContext.ns, language)
  return <Seo language={language} path={pageContext.i18n.originalPath} title={meta.title} description={meta.description} brand={brandName(nodes, language)} breadcrumbs={pageBreadcrumbs(nodes, language, pageContext.routeKey, meta.title)} />
}

export const query = graphql`
  query ContactPage($language: String!, $ns: String!) {
    locales: allLocale(filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
  }
`

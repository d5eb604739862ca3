import React from "react"
import { useTranslation } from "react-i18next"
import { ContactForm } from "../contact/contact-form"

/** The call-to-action band with the contact form, above the footer of every page but /contact. */
export function ContactBand() {
  const { t } = useTranslation("common")
  return (
    <section aria-labelledby="contact-band-title" className="bg-brand-50 dark:bg-slate-900/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
            {t("contactBand.eyebrow")}
          </p>
          <h2 id="contact-band-title" className="mt-2 text-3xl font-bold tracking-tight">
            {t("contactBand.title")}
          </h2>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("contactBand.text")}</p>
        </div>
        <div
          className={
            "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 " +
            "lg:col-span-3 dark:bg-slate-950 dark:ring-slate-800"
          }
        >
          <ContactForm />
        </div>
      </div>
    </section>
  )
}

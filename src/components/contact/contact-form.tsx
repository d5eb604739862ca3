import React, { useId } from "react"
import { useTranslation } from "react-i18next"
import { routes } from "../../../content-kit/routes"
import { RETURN_FIELD } from "../../../contract/form-post"
import { contactFormAction } from "../../api-client/client"
import { useLanguage } from "../../i18n/language-context"
import { localizePath } from "../../i18n/languages"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Field, Input, Textarea } from "../ui/field"
import { FormErrorNotices } from "../ui/form-error-notices"
import { Notice } from "../ui/notice"
import { useContactForm } from "./use-contact-form"

// SPEC 2: the message area has 9 rows.
const MESSAGE_ROWS = 9

/**
 * A real form (method, action, fields named as the JSON API's): sent before the page is
 * interactive or with JavaScript off, the browser posts it and the server answers with the
 * result page or this page with the error (server/routes/form-posts.ts). With JavaScript,
 * after a successful send the form gives way to the green notice and the "form sent"
 * confirmation, with a button that brings back an empty form. A failure shows the red
 * notice above the form and keeps everything that was typed.
 */
export function ContactForm() {
  const { t } = useTranslation("common")
  const { language } = useLanguage()
  const { status, submit, reset } = useContactForm(language)
  const id = useId()

  if (status === "sent") {
    return (
      <div className="space-y-4" data-testid="contact-sent">
        <Notice tone="success" title={t("contactForm.successTitle")}>
          {t("contactForm.successText")}
        </Notice>
        <BookingLink />
        <div className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
          <h3 className="text-xl font-semibold">{t("contactForm.sentTitle")}</h3>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("contactForm.sentText")}</p>
          <Button variant="outline" className="mt-4" onClick={reset}>
            {t("contactForm.sendAnother")}
          </Button>
        </div>
      </div>
    )
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit(event.currentTarget)
  }
  const bind = (name: string) => ({ id: `${id}-${name.toLowerCase()}`, name })
  const page = localizePath(routes.contact.path, language)

  return (
    <form
      method="post"
      action={contactFormAction}
      data-form="contact"
      onSubmit={onSubmit}
      className="space-y-4"
      aria-busy={status === "sending"}
    >
      <FormErrorNotices />
      <input type="hidden" name="Language" value={language} />
      <input type="hidden" name="Page" value={page} />
      <input type="hidden" name={RETURN_FIELD} value={page} />
      <input type="hidden" name="ElapsedMs" defaultValue="" />
      {status === "error" && (
        <Notice tone="error" title={t("contactForm.errorTitle")}>
          {t("contactForm.errorText")}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t("contactForm.name")}>
          <Input {...bind("name")} required autoComplete="name" maxLength={200} />
        </Field>
        <Field id={`${id}-email`} label={t("contactForm.email")}>
          <Input {...bind("Email")} type="email" required autoComplete="email" maxLength={254} />
        </Field>
        <Field
          id={`${id}-company`}
          label={t("contactForm.company")}
          hint={t("contactForm.optional")}
        >
          <Input {...bind("Company")} autoComplete="organization" maxLength={200} />
        </Field>
        <Field id={`${id}-phone`} label={t("contactForm.phone")} hint={t("contactForm.optional")}>
          <Input {...bind("Phone")} type="tel" autoComplete="tel" maxLength={50} />
        </Field>
      </div>
      <Field id={`${id}-message`} label={t("contactForm.message")}>
        <Textarea {...bind("Message")} required rows={MESSAGE_ROWS} maxLength={10000} />
      </Field>
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t("contactForm.honeypot")}</label>
        <input id={`${id}-website`} name="Website" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={status === "sending"}>
        {status === "sending" ? t("contactForm.sending") : t("contactForm.send")}
      </Button>
      <BookingLink />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("contactForm.privacyNotice")}{" "}
        <Link
          to={routes.privacy.path}
          className="underline hover:text-brand-700 dark:hover:text-brand-300"
        >
          {t("contactForm.privacyLink")}
        </Link>
      </p>
    </form>
  )
}

/** The way to the booking page, which starts with the name and address typed here. */
function BookingLink() {
  const { t } = useTranslation("common")
  return (
    <p data-testid="booking-link">
      {t("contactForm.bookText")}{" "}
      <Link
        to={routes.booking.path}
        className="font-semibold text-brand-700 underline dark:text-brand-300"
      >
        {t("contactForm.bookLink")}
      </Link>
    </p>
  )
}

import React, { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { routes } from "../../../content-kit/routes"
import { RETURN_FIELD } from "../../../contract/form-post"
import { apiUrl, subscribeToNewsletter, type SubscribeResult } from "../../api-client/client"
import { trackConversion } from "../../audience/track"
import { useLanguage } from "../../i18n/language-context"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Input } from "../ui/field"
import { FormErrorNotices } from "../ui/form-error-notices"

type Status = "idle" | "sending" | SubscribeResult

const messages: Record<SubscribeResult, string> = {
  subscribed: "footer.newsletter.success",
  pending: "footer.newsletter.pending",
  error: "footer.newsletter.error",
}

/**
 * The footer's newsletter box: subscribes in the visitor's language and says how it went.
 * A real form: posted by the browser before the page is interactive or without JavaScript,
 * it lands on the thanks page, or back on this page with the error (server/routes/form-posts.ts).
 */
export function NewsletterBox() {
  const { t } = useTranslation("common")
  const { language, pagePath } = useLanguage()
  const [status, setStatus] = useState<Status>("idle")
  const id = useId()

  // A plain input read on submit: an address typed before the page is interactive is kept.
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (status === "sending") return
    setStatus("sending")
    const form = event.currentTarget
    const email = String(new FormData(form).get("email") ?? "").trim()
    // The version of the consent wording shown below, stored with the subscription as proof.
    const result = await subscribeToNewsletter({
      email,
      language,
      consentVersion: t("footer.newsletter.consentVersion"),
    })
    if (result !== "error") {
      form.reset()
      trackConversion("newsletter_subscribed")
    }
    setStatus(result)
  }

  return (
    <form
      method="post"
      action={apiUrl("/api/newsletter")}
      data-form="newsletter"
      onSubmit={onSubmit}
      className="space-y-3"
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">
        {t("footer.newsletter.title")}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("footer.newsletter.text")}</p>
      <FormErrorNotices />
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="consentVersion" value={t("footer.newsletter.consentVersion")} />
      {pagePath && <input type="hidden" name={RETURN_FIELD} value={pagePath} />}
      <label htmlFor={`${id}-email`} className="sr-only">
        {t("footer.newsletter.emailLabel")}
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder={t("footer.newsletter.placeholder")}
          name="email"
        />
        <Button type="submit" disabled={status === "sending"}>
          {status === "sending"
            ? t("footer.newsletter.subscribing")
            : t("footer.newsletter.subscribe")}
        </Button>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("footer.newsletter.consent")}{" "}
        <Link
          to={routes.privacy.path}
          className="underline hover:text-brand-700 dark:hover:text-brand-300"
        >
          {t("footer.newsletter.privacyLink")}
        </Link>
      </p>
      <p
        role="status"
        className={
          status === "error"
            ? "text-sm text-red-700 dark:text-red-300"
            : "text-sm text-green-800 dark:text-green-300"
        }
      >
        {status in messages ? t(messages[status as SubscribeResult]) : ""}
      </p>
    </form>
  )
}

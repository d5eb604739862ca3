import React, { useEffect, useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import { panelEstimate } from "../../../content-kit/estimate/panel"
import { buildOnlyRoutes } from "../../../content-kit/page-routes"
import { routes } from "../../../content-kit/routes"
import type { PageContent } from "../../../content-kit/schema/page"
import type { RateCard } from "../../../content-kit/schema/rate-card"
import { RETURN_FIELD } from "../../../contract/form-post"
import { quoteFormAction } from "../../api-client/quote"
import { trackConversion } from "../../audience/track"
import { useLanguage } from "../../i18n/language-context"
import { localizePath } from "../../i18n/languages"
import { Link } from "../../i18n/link"
import { NumberField } from "../calculators/number-field"
import { useQueryState } from "../calculators/use-query-state"
import { Layout } from "../layout/layout"
import { Hero } from "../sections/hero"
import { SectionView } from "../sections/section-view"
import { Button } from "../ui/button"
import { cardVariants } from "../ui/card"
import { cn } from "../ui/cn"
import { Field, Input } from "../ui/field"
import { FormErrorNotices } from "../ui/form-error-notices"
import { Honeypot } from "../ui/honeypot"
import { Notice } from "../ui/notice"
import { ChoiceList } from "./choice-list"
import { EstimateResult } from "./estimate-result"
import { marketName } from "./format"
import { panelDefaults, panelInputsOf } from "./panel-query"
import { useQuoteForm } from "./use-quote-form"

type Props = { content: PageContent; card: RateCard; version: string }

const panel = cn(cardVariants({ variant: "panel" }), "min-w-0 self-start")

/**
 * The panel study estimate (docs/ESTIMATES.md): the study's fields, its indicative estimate
 * computed as the visitor types, and "send me this quote", all one real form: without
 * JavaScript the browser posts it form-encoded to /api/quote and lands on the result page.
 */
export function PanelEstimatePage({ content, card, version }: Props) {
  const { t } = useTranslation("estimate")
  const { language } = useLanguage()
  const id = useId()
  const [values, set] = useQueryState(panelDefaults)
  const inputs = panelInputsOf(values)
  const result = panelEstimate(inputs, card)
  const { status, refused, submit } = useQuoteForm(language)
  const errors: Record<string, string | undefined> = { ...(result.ok ? {} : result.errors) }
  for (const [field, code] of Object.entries(refused)) errors[field] ??= code
  const errorText = (field: string) => (errors[field] ? t(`errors.${errors[field]}`) : undefined)
  const field = (name: keyof typeof panelDefaults) => ({
    name,
    ns: "estimate",
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: errors[name] as never,
  })
  useEstimateViewed(result.ok)
  const page = localizePath(buildOnlyRoutes.panelEstimate.path, language)

  return (
    <Layout>
      <Hero {...content.hero} />
      <form
        method="post"
        action={quoteFormAction}
        data-form="quote"
        aria-busy={status === "sending"}
        onSubmit={(event) => {
          event.preventDefault()
          void submit(event.currentTarget, inputs)
        }}
        className="mx-auto max-w-7xl space-y-8 px-4 pb-16 sm:px-6"
      >
        <input type="hidden" name="Language" value={language} />
        <input type="hidden" name="Page" value={page} />
        <input type="hidden" name={RETURN_FIELD} value={page} />
        <input type="hidden" name="ElapsedMs" defaultValue="" />
        <FormErrorNotices />
        <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <section aria-labelledby={`${id}-study`} className={cn(panel, "space-y-5")}>
            <h2 id={`${id}-study`} className="text-2xl font-bold">
              {t("study.title")}
            </h2>
            <ChoiceList
              name="markets"
              legend={t("study.markets")}
              options={Object.keys(card.markets).map((code) => ({
                code,
                label: marketName(language, code),
              }))}
              value={values.markets}
              onChange={(value) => set("markets", value)}
              error={errorText("markets")}
            />
            <ChoiceList
              name="criteria"
              legend={t("study.audience")}
              hint={t("study.audienceHint")}
              options={Object.keys(card.criteria).map((code) => ({
                code,
                label: t(`criteria.${code}`),
              }))}
              value={values.criteria}
              onChange={(value) => set("criteria", value)}
              error={errorText("criteria")}
            />
            <NumberField {...field("incidence")} />
            <NumberField {...field("lengthMinutes")} />
            <NumberField {...field("completesPerMarket")} whole />
            <NumberField {...field("fieldDays")} whole />
            <label className="flex min-h-11 items-center gap-2 text-base">
              <input
                type="checkbox"
                name="quotas"
                checked={values.quotas === "1"}
                onChange={(event) => set("quotas", event.target.checked ? "1" : "")}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              {t("study.quotas")}
            </label>
          </section>
          <section aria-labelledby={`${id}-estimate`} className="min-w-0">
            <h2 id={`${id}-estimate`} className="mb-4 text-2xl font-bold">
              {t("result.title")}
            </h2>
            <noscript>
              <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("noScript")}</p>
            </noscript>
            <EstimateResult
              estimate={result.ok ? result.value : undefined}
              fieldDays={inputs.fieldDays}
              version={version}
            />
          </section>
        </div>
        <section aria-labelledby={`${id}-quote`} className={cn(panel, "max-w-3xl space-y-4")}>
          <h2 id={`${id}-quote`} className="text-2xl font-bold">
            {t("quote.title")}
          </h2>
          {status === "sent" ? (
            <div data-testid="quote-sent">
              <Notice tone="success" title={t("quote.sentTitle")}>
                {t("quote.sentText")}
              </Notice>
            </div>
          ) : (
            <QuoteFields id={id} status={status} />
          )}
        </section>
      </form>
      {content.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} index={index + 1} />
      ))}
    </Layout>
  )
}

/** Who to send the quote to: the contact form's fields, named as the quote's body. */
function QuoteFields({
  id,
  status,
}: {
  id: string
  status: ReturnType<typeof useQuoteForm>["status"]
}) {
  const { t } = useTranslation("estimate")
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{t("quote.lead")}</p>
      {(status === "invalid" || status === "failed") && (
        <Notice tone="error" title={t("quote.errorTitle")}>
          {t(`quote.${status}`)}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t("quote.name")}>
          <Input id={`${id}-name`} name="name" required autoComplete="name" maxLength={200} />
        </Field>
        <Field id={`${id}-email`} label={t("quote.email")}>
          <Input
            id={`${id}-email`}
            name="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
          />
        </Field>
        <Field id={`${id}-company`} label={t("quote.company")} hint={t("quote.optional")}>
          <Input id={`${id}-company`} name="Company" autoComplete="organization" maxLength={200} />
        </Field>
      </div>
      <Honeypot id={`${id}-website`} label={t("quote.honeypot")} />
      <Button type="submit" size="lg" disabled={status === "sending"}>
        {status === "sending" ? t("quote.sending") : t("quote.send")}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("quote.privacy")}{" "}
        <Link
          to={routes.privacy.path}
          className="underline hover:text-brand-700 dark:hover:text-brand-300"
        >
          {t("quote.privacyLink")}
        </Link>
      </p>
    </>
  )
}

/** One `estimate_viewed` conversion per page view, once an estimate is first shown. */
function useEstimateViewed(shown: boolean) {
  const sent = useRef(false)
  useEffect(() => {
    if (!shown || sent.current) return
    sent.current = true
    trackConversion("estimate_viewed")
  }, [shown])
}

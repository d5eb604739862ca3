import React from "react"
import { useTranslation } from "react-i18next"
import type { PageContent } from "../../../content-kit/schema/page"
import { Layout } from "../layout/layout"
import { Hero } from "../sections/hero"
import { SectionView } from "../sections/section-view"
import { cardVariants } from "../ui/card"
import { cn } from "../ui/cn"

type Props = {
  content: PageContent
  /** The live form, with its result. */
  form: React.ReactNode
  /** The common cases, prerendered: the page's answer without JavaScript. */
  cases: React.ReactNode
}

/** A calculator page: its hero, the form beside the table of common cases, then its sections. */
export function CalculatorPage({ content, form, cases }: Props) {
  const { t } = useTranslation("calculators")
  return (
    <Layout>
      <Hero {...content.hero} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <section
          aria-labelledby="calculator-title"
          className={cn(cardVariants({ variant: "panel" }), "self-start")}
        >
          <h2 id="calculator-title" className="mb-4 text-2xl font-bold">
            {t("formTitle")}
          </h2>
          <noscript>
            <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("noScript")}</p>
          </noscript>
          {form}
        </section>
        <section aria-labelledby="cases-title" className="min-w-0">
          {cases}
        </section>
      </div>
      {content.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} index={index + 1} />
      ))}
    </Layout>
  )
}

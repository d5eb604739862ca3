import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { PageHead } from "../components/page-head"
import { Button } from "../components/ui/button"
import { pageLanguage, type CommonStrings, type PageContext } from "../content/locales"
import { readNamespace, localeNodes } from "../content/page-content"
import { Link } from "../i18n/link"

/** The localized 404: no header, footer or contact band (SPEC 2), one way back home. */
export default function NotFoundPage(_: PageProps<Queries.NotFoundQuery, PageContext>) {
  const { t } = useTranslation("common")
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center px-4 text-center"
    >
      <p className="text-6xl font-extrabold text-brand-700 dark:text-brand-300">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-md text-lg text-slate-700 dark:text-slate-300">
        {t("notFound.text")}
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{t("notFound.home")}</Link>
      </Button>
    </main>
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.NotFoundQuery, PageContext>) {
  const strings = readNamespace<CommonStrings>(
    localeNodes(data.locales),
    "common",
    pageLanguage(pageContext),
  ).notFound
  return (
    <PageHead
      locales={data.locales}
      pageContext={pageContext}
      path="/404"
      title={strings.metaTitle}
      description={strings.text}
      noindex
    />
  )
}

export const query = graphql`
  query NotFound($language: String!) {
    locales: allLocale(filter: { ns: { in: ["common"] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
  }
`

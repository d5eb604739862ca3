import { graphql, useStaticQuery } from "gatsby"
import React from "react"
import { alternatesOf, canonicalOf } from "../i18n/alternates"
import { isLanguage, defaultLanguage, type Language } from "../i18n/languages"

const ogLocales: Record<Language, string> = { fr: "fr_FR", en: "en_GB", de: "de_DE" }

type Props = {
  language: string | undefined
  /** The unprefixed path of the page ("/about"). */
  path: string
  title: string
  description: string
  brand: string
  type?: "website" | "article"
  noindex?: boolean
  children?: React.ReactNode
}

/**
 * Everything a page says to search engines and link previews, in the page's language.
 * Gatsby's Head has no access to React context: the strings come from the page query.
 */
export function Seo({ language: pageLanguage, path, title, description, brand, type = "website", noindex, children }: Props) {
  const { site } = useStaticQuery<Queries.SeoSiteQuery>(graphql`
    query SeoSite {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `)
  const siteUrl = site?.siteMetadata?.siteUrl ?? ""
  const language = isLanguage(pageLanguage) ? pageLanguage : defaultLanguage
  const canonical = canonicalOf(siteUrl, path, language)
  const fullTitle = `${title} | ${brand}`
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand,
    url: siteUrl,
    logo: `${siteUrl}/icon.svg`,
  }
  return (
    <>
      <html lang={language} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {!noindex &&
        alternatesOf(siteUrl, path).map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#4338ca" />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={ogLocales[language]} />
      <meta property="og:image" content={`${siteUrl}/og-image.jpg`} />
      <meta name="twitter:card" content="summary_large_image" />
      <script type="application/ld+json">{JSON.stringify(organization)}</script>
      {children}
    </>
  )
}

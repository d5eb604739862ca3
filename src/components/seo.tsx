import { graphql, useStaticQuery } from "gatsby"
import React from "react"
import { feedPath } from "../content/feed"
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from "../content/og-image"
import { breadcrumbLd, organizationLd, type Crumb } from "../content/structured-data"
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
  /** Home > group > page, as BreadcrumbList JSON-LD; none on the home page. */
  breadcrumbs?: Crumb[]
  /** More JSON-LD objects (a post's BlogPosting). */
  jsonLd?: object[]
  children?: React.ReactNode
}

/**
 * Everything a page says to search engines and link previews, in the page's language.
 * Gatsby's Head has no access to React context: the strings come from the page query.
 */
export function Seo({
  language: pageLanguage,
  path,
  title,
  description,
  brand,
  type = "website",
  noindex,
  breadcrumbs = [],
  jsonLd = [],
  children,
}: Props) {
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
  const image = siteUrl + ogImagePath(path, language)
  const structured = [
    organizationLd(siteUrl, brand),
    ...(breadcrumbs.length ? [breadcrumbLd(siteUrl, language, breadcrumbs)] : []),
    ...jsonLd,
  ]
  return (
    <>
      <html lang={language} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {!noindex &&
        alternatesOf(siteUrl, path).map((alternate) => (
          <link
            key={alternate.hrefLang}
            rel="alternate"
            hrefLang={alternate.hrefLang}
            href={alternate.href}
          />
        ))}
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#4338ca" />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={ogLocales[language]} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(OG_WIDTH)} />
      <meta property="og:image:height" content={String(OG_HEIGHT)} />
      <meta property="og:image:alt" content={fullTitle} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${brand} – RSS (${language})`}
        href={siteUrl + feedPath(language)}
      />
      {structured.map((data, index) => (
        // As raw text: React would escape "&" and "<" inside the script; "<" is escaped for JSON instead.
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
        />
      ))}
      {children}
    </>
  )
}

import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { routes } from "../../content-kit/routes"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/seo"
import { Picture, type PictureImage } from "../components/ui/picture"
import type { ImageAlts } from "../content/images"
import { brandName, pageLanguage, type PageContext } from "../content/locales"
import { ogImagePath } from "../content/og-image"
import { readNamespace, localeNodes } from "../content/page-content"
import { withResponsiveImages } from "../content/post-images"
import { blogPostingLd, pageBreadcrumbs } from "../content/structured-data"
import { localizePath } from "../i18n/languages"
import { Link } from "../i18n/link"

type Data = Queries.BlogPostQuery

/** The post in the page's language, or its French version with a note when not yet translated. */
function pickVersion(data: Data, language: string) {
  return (
    data.versions.nodes.find((node) => node.fields.lang === language) ??
    data.versions.nodes.find((node) => node.fields.lang === "fr")
  )
}

export default function BlogPostTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  const { t } = useTranslation("common")
  const language = pageLanguage(pageContext)
  const post = pickVersion(data, language)
  if (!post) return null
  const date = post.frontmatter.date as string
  const cover = data.cover?.childImageSharp?.gatsbyImageData as PictureImage | undefined
  const postImages = new Map(
    data.postImages.nodes.map((node) => [
      node.name,
      node.childImageSharp?.gatsbyImageData as PictureImage,
    ]),
  )
  const coverAlt =
    readNamespace<ImageAlts>(localeNodes(data.locales), "images", language).blog[
      pageContext.slug ?? ""
    ] ?? ""
  return (
    <Layout>
      <article lang={post.fields.lang} className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <Link
          to={routes.blog.path}
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          ← {t("blog.back")}
        </Link>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance">
          {post.frontmatter.title}
        </h1>
        <p className="mt-4 text-slate-600 dark:text-slate-400">
          <time dateTime={date}>{t("blog.publishedOn", { date: post.dates[language] })}</time>
          {post.frontmatter.author && <> · {t("blog.by", { author: post.frontmatter.author })}</>}
        </p>
        {cover && (
          // The post's largest paint: eager, fetchpriority high, no placeholder, no fade.
          <Picture
            image={cover}
            alt={coverAlt}
            priority
            sizes="(min-width: 800px) 720px, calc(100vw - 2rem)"
            className="mt-8 rounded-2xl"
          />
        )}
        {post.fields.lang !== language && (
          <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("blog.onlyInFrench")}
          </p>
        )}
        <div
          className="article mt-10"
          dangerouslySetInnerHTML={{
            __html: withResponsiveImages(
              post.html ?? "",
              postImages,
              "(min-width: 800px) 720px, calc(100vw - 2rem)",
            ),
          }}
        />
      </article>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const post = pickVersion(data, language)
  const path = pageContext.i18n.originalPath
  const brand = brandName(nodes, language)
  const siteUrl = (data.site?.siteMetadata?.siteUrl ?? "").replace(/\/$/, "")
  const title = post?.frontmatter.title ?? ""
  const posting = post
    ? blogPostingLd(siteUrl, brand, {
        title,
        description: post.frontmatter.description ?? "",
        date: post.frontmatter.date as string,
        author: post.frontmatter.author,
        language: post.fields.lang,
        url: siteUrl + localizePath(path, language),
        image: siteUrl + ogImagePath(path, language),
      })
    : null
  return (
    <Seo
      language={language}
      path={path}
      title={title}
      description={post?.frontmatter.description ?? ""}
      brand={brand}
      type="article"
      breadcrumbs={pageBreadcrumbs(nodes, language, "blog", title, {
        title,
        slug: pageContext.slug ?? "",
      })}
      jsonLd={posting ? [posting] : []}
    />
  )
}

export const query = graphql`
  query BlogPost($language: String!, $slug: String!, $imagesDir: String!) {
    site {
      siteMetadata {
        siteUrl
      }
    }
    locales: allLocale(
      filter: { ns: { in: ["common", "images"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
    postImages: allFile(
      filter: { sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: $imagesDir } }
    ) {
      nodes {
        name
        childImageSharp {
          ...CoverImage
        }
      }
    }
    cover: file(
      sourceInstanceName: { eq: "images" }
      relativeDirectory: { eq: "blog" }
      name: { eq: $slug }
    ) {
      childImageSharp {
        ...CoverImage
      }
    }
    versions: allMarkdownRemark(
      filter: { fields: { slug: { eq: $slug }, lang: { in: [$language, "fr"] } } }
    ) {
      nodes {
        html
        fields {
          lang
        }
        dates {
          fr
          en
          de
        }
        frontmatter {
          ...PostFrontmatter
        }
      }
    }
  }
`

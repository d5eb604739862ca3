import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { Layout } from "../components/layout/layout"
import { PageHead } from "../components/page-head"
import { formatDate } from "../content/blog"
import { pageLanguage, type PageContext } from "../content/locales"
import { Link } from "../i18n/link"
import { routes } from "../routes"

type Data = Queries.BlogPostQuery

/** The post in the page's language, or its French version with a note when not yet translated. */
function pickVersion(data: Data, language: string) {
  return data.versions.nodes.find((node) => node.fields.lang === language) ?? data.versions.nodes.find((node) => node.fields.lang === "fr")
}

export default function BlogPostTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  const { t } = useTranslation("common")
  const language = pageLanguage(pageContext)
  const post = pickVersion(data, language)
  if (!post) return null
  const date = post.frontmatter.date as string
  return (
    <Layout>
      <article lang={post.fields.lang} className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <Link to={routes.blog.path} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          ← {t("blog.back")}
        </Link>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance">{post.frontmatter.title}</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-400">
          <time dateTime={date}>{t("blog.publishedOn", { date: formatDate(date, language) })}</time>
          {post.frontmatter.author && <> · {t("blog.by", { author: post.frontmatter.author })}</>}
        </p>
        {post.fields.lang !== language && <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("blog.onlyInFrench")}</p>}
        <div className="article mt-10" dangerouslySetInnerHTML={{ __html: post.html ?? "" }} />
      </article>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, PageContext>) {
  const post = pickVersion(data, pageLanguage(pageContext))
  return (
    <PageHead
      locales={data.locales}
      pageContext={pageContext}
      title={post?.frontmatter.title ?? ""}
      description={post?.frontmatter.description ?? ""}
      type="article"
    />
  )
}

export const query = graphql`
  query BlogPost($language: String!, $slug: String!) {
    locales: allLocale(filter: { ns: { in: ["common"] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
    versions: allMarkdownRemark(filter: { fields: { slug: { eq: $slug }, lang: { in: [$language, "fr"] } } }) {
      nodes {
        html
        fields {
          lang
        }
        frontmatter {
          ...PostFrontmatter
        }
      }
    }
  }
`

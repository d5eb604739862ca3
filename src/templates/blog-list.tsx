import { graphql, type PageProps } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { blogPostPath } from "../../content-kit/routes"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { Hero } from "../components/sections/hero"
import { cardVariants } from "../components/ui/card"
import { cn } from "../components/ui/cn"
import { Picture, type PictureImage } from "../components/ui/picture"
import { postsFor, type PostSummary } from "../content/blog"
import type { ImageAlts } from "../content/images"
import { pageLanguage, readCopy, type PageContext } from "../content/locales"
import { readNamespace, localeNodes } from "../content/page-content"
import { Link } from "../i18n/link"

type Data = Queries.BlogListQuery

function summaries(data: Data): PostSummary[] {
  return data.posts.nodes.map((node) => ({
    slug: node.fields.slug,
    lang: node.fields.lang,
    title: node.frontmatter.title,
    description: node.frontmatter.description,
    date: node.frontmatter.date as string,
    dates: node.dates,
    author: node.frontmatter.author,
  }))
}

export default function BlogListTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  const { t } = useTranslation("common")
  const language = pageLanguage(pageContext)
  const nodes = localeNodes(data.locales)
  const content = readCopy(data.locales, pageContext, "blog-list")
  const alts = readNamespace<ImageAlts>(nodes, "images", language).blog
  const covers = new Map(
    data.covers.nodes.map((node) => [
      node.name,
      node.childImageSharp?.gatsbyImageData as PictureImage | undefined,
    ]),
  )
  return (
    <Layout>
      <Hero {...content.hero} />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {postsFor(summaries(data), language).map((post) => (
            <li key={post.slug} lang={post.lang} className={cn(cardVariants(), "flex flex-col")}>
              {covers.get(post.slug) && (
                // Lazy, with the image's dominant colour until it arrives; the alt is in the page's language.
                <div lang={language} className="-mx-6 -mt-6 mb-5 overflow-hidden rounded-t-2xl">
                  <Picture
                    image={covers.get(post.slug)!}
                    alt={alts[post.slug] ?? ""}
                    sizes={
                      "(min-width: 1280px) 395px, (min-width: 1024px) " +
                      "30vw, (min-width: 768px) 46vw, calc(100vw - 2rem)"
                    }
                  />
                </div>
              )}
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={post.date}>{post.dates[language]}</time>
              </p>
              <h2 className="mt-2 text-xl font-semibold">
                <Link
                  to={blogPostPath(post.slug)}
                  className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-slate-700 dark:text-slate-300">{post.description}</p>
              <Link
                to={blogPostPath(post.slug)}
                aria-hidden="true"
                tabIndex={-1}
                className="mt-4 font-semibold text-brand-700 dark:text-brand-300"
              >
                {t("blog.readMore")} →
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Layout>
  )
}

export const Head = headFromCopy("blog-list")

export const query = graphql`
  query BlogList($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "images"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
    covers: allFile(
      filter: { sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: "blog" } }
    ) {
      nodes {
        name
        childImageSharp {
          ...CoverImage
        }
      }
    }
    posts: allMarkdownRemark(
      filter: { fields: { lang: { in: [$language, "fr"] } } }
      sort: { frontmatter: { date: DESC } }
    ) {
      nodes {
        fields {
          slug
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

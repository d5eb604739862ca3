import type { GatsbyNode } from "gatsby"
import { writeCms } from "./cms"
import { writeFeeds, type FeedPost } from "./feeds"
import { ogPages, writeOgImages } from "./og-images"
import { onPostBuild as writeSitemap } from "./sitemap"

type PostBuild = NonNullable<GatsbyNode["onPostBuild"]>

// After the pages: the sitemap and robots.txt, the blog's feeds, every page's sharing card, and the CMS at /cms/.
export const onPostBuild: PostBuild = async (args, options) => {
  await (writeSitemap as PostBuild)(args, options, () => {})
  const { graphql, reporter } = args
  const result = await graphql<{
    site: { siteMetadata: { siteUrl: string } }
    allMarkdownRemark: {
      nodes: {
        fields: { slug: string; lang: string }
        frontmatter: { title: string; description: string; date: string; author: string | null }
      }[]
    }
  }>(`
    query FeedData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      allMarkdownRemark {
        nodes {
          fields {
            slug
            lang
          }
          frontmatter {
            title
            description
            date(formatString: "YYYY-MM-DD")
            author
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not build the blog feeds", result.errors)
    return
  }
  const posts: FeedPost[] = result.data.allMarkdownRemark.nodes.map(({ fields, frontmatter }) => ({
    ...fields,
    ...frontmatter,
  }))
  const { siteUrl } = result.data.site.siteMetadata
  await writeFeeds(siteUrl, posts)
  const started = Date.now()
  const cards = await writeOgImages(ogPages(siteUrl, posts))
  await writeCms()
  reporter.info(
    `Open Graph images: ${cards.length} cards in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

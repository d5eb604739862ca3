// The one post-build, after Gatsby has written the pages (gatsby-node.ts's onPostBuild hands it
// what its typed query found). Pure steps, each handed what it needs, in order: the sitemap and
// robots.txt, the blog's feeds, every page's sharing card, the CMS at /cms/, and last, over all
// of it, the bundles' deferral, the CSP hashes and the compressed copies (./finish).
import type { Language } from "../contract/languages"
import { writeCms } from "./cms"
import { writeFeeds, type FeedPost } from "./feeds"
import { finish } from "./finish"
import { ogPages, writeOgImages } from "./og-images"
import { listedPages, writeSitemap } from "./sitemap"

export type PostBuildInput = {
  /** Where Gatsby wrote the site: public/. */
  outDir: string
  siteUrl: string
  /** Every version of every blog post. */
  posts: FeedPost[]
  languages: readonly Language[]
  /** content/ (content-kit's locateContent()). */
  contentDir: string
}

export async function postBuild({ outDir, siteUrl, posts, languages, contentDir }: PostBuildInput) {
  await writeSitemap(outDir, siteUrl, listedPages(posts.map((post) => post.slug)), languages)
  await writeFeeds(siteUrl, posts, outDir, contentDir)
  const started = Date.now()
  const cards = await writeOgImages(ogPages(siteUrl, posts, contentDir), outDir)
  const cardSeconds = (Date.now() - started) / 1000
  await writeCms(outDir, contentDir)
  return { cards: cards.length, cardSeconds, ...(await finish(outDir)) }
}

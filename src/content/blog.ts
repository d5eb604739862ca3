import { graphql } from "gatsby"
import type { PostDates } from "../../content-kit/post-dates"
import type { Language } from "../i18n/languages"

// The front matter every blog query shows (content/schema/blog.ts declares its type).
export const query = graphql`
  fragment PostFrontmatter on BlogFrontmatter {
    title
    description
    date(formatString: "YYYY-MM-DD")
    author
  }
`

export type PostSummary = {
  slug: string
  lang: string
  title: string
  description: string
  date: string
  /** The date as shown in each language, formatted at build time (content-kit/post-dates.ts). */
  dates: PostDates
  author: string | null
}

/** One version per post: the visitor's language when it exists, else the French one. Newest first. */
export function postsFor(posts: readonly PostSummary[], language: Language): PostSummary[] {
  const bySlug = new Map<string, PostSummary>()
  for (const post of posts) {
    const current = bySlug.get(post.slug)
    if (!current || post.lang === language) bySlug.set(post.slug, post)
  }
  // YYYY-MM-DD sorts as text: no collator (localeCompare) to load while the page hydrates.
  return [...bySlug.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}

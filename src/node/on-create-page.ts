import type { GatsbyNode } from "gatsby"

type I18nContext = { i18n?: { language: string } }

// gatsby-plugin-react-i18next 3.0.1 prefixes the matchPath of client-only pages twice
// (/en/en/*), which breaks the localized 404. Rewrite it to a single prefix.
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  const language = (page.context as I18nContext | undefined)?.i18n?.language
  if (!language || !page.matchPath) return
  const doubled = `/${language}/${language}/`
  if (!page.matchPath.startsWith(doubled)) return
  actions.deletePage(page)
  actions.createPage({ ...page, matchPath: page.matchPath.replace(doubled, `/${language}/`) })
}

import path from "node:path"
import type { GatsbyNode } from "gatsby"

// content/blog/<slug>/index.<language>.md: the folder names the post, the file its language.
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, actions, getNode }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return
  const file = getNode(node.parent) as { relativePath?: string } | undefined
  if (!file?.relativePath) return
  const slug = path.dirname(file.relativePath)
  const lang = path.basename(file.relativePath, ".md").replace(/^index\./, "")
  actions.createNodeField({ node, name: "slug", value: slug })
  actions.createNodeField({ node, name: "lang", value: lang })
}

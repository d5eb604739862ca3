import type { GatsbyNode } from "gatsby"

// Declared, not inferred: a post with a missing field yields null instead of failing the
// build, and the generated query types stay stable while editors change content.
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: BlogFrontmatter!
      fields: BlogFields!
    }
    type BlogFrontmatter {
      title: String!
      description: String!
      date: Date! @dateformat
      author: String
    }
    type BlogFields {
      slug: String!
      lang: String!
    }
  `)
}

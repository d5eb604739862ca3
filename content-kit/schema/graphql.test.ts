import { Type } from "@sinclair/typebox"
import { BlogFrontmatter } from "./blog"
import { graphqlFields } from "./graphql"

describe("graphqlFields", () => {
  it("declares the blog front matter from the schema the content check uses", () => {
    expect(graphqlFields(BlogFrontmatter)).toEqual([
      "title: String!",
      "description: String!",
      "date: Date! @dateformat",
      "draft: Boolean",
      "author: String",
    ])
  })

  it("refuses a field it cannot declare", () => {
    expect(() => graphqlFields(Type.Object({ count: Type.Number() }))).toThrow(
      "count is not a string field",
    )
  })
})

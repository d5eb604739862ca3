// The front matter of a post, content/blog/<slug>/<language>.md. The GraphQL type of
// src/node/schema.ts is written from this schema, so the two cannot drift apart.
import { Type, type Static } from "@sinclair/typebox"
import { Shape, Text } from "./fields"

export const BlogFrontmatter = Shape(
  {
    title: Text("the post's title, also its browser tab title"),
    description: Text("the summary in the list and in search results"),
    date: Type.String({
      pattern: "^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})?)?$",
      description:
        "publication day YYYY-MM-DD, or day and time YYYY-MM-DDTHH:MM in Paris time (a future one schedules the post)",
      "x-graphql": "Date! @dateformat",
    }),
    draft: Type.Optional(
      Type.Boolean({
        description: "true keeps the post out of the site (a preview shows it)",
        "x-graphql": "Boolean",
      }),
    ),
    author: Type.Optional(Text("who wrote it")),
  },
  "front matter of content/blog/<slug>/<language>.md",
)
export type BlogFrontmatter = Static<typeof BlogFrontmatter>

import { OptionalKind, type TObject, type TSchema } from "@sinclair/typebox"

/** GraphQL field declarations of a flat object of strings: `title: String!`, or the field's own `x-graphql`. */
export function graphqlFields(schema: TObject): string[] {
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, field]) => {
    if (field["x-graphql"]) return `${name}: ${String(field["x-graphql"])}`
    if (field.type !== "string") throw new Error(`graphqlFields: ${name} is not a string field`)
    return `${name}: String${OptionalKind in field ? "" : "!"}`
  })
}

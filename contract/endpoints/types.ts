import type { Static, TSchema } from "@sinclair/typebox"
import type { Endpoints } from "./index"

// The TypeScript side of the table: what a call to an entry sends and gets. Types only, so
// the browser's bundles import none of the schemas (src/api-client/routes/).

type EndpointUnion = Endpoints[keyof Endpoints]
type RouteOf<E> = E extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never

/** What the browser keeps of an entry: "PATCH /api/admin/messages/:id"; its types are looked up by it. */
export type RouteRef = RouteOf<EndpointUnion>

/** The entry of this route. */
export type EndpointAt<R extends RouteRef> = EndpointUnion extends infer E
  ? E extends unknown
    ? RouteOf<E> extends R
      ? E
      : never
    : never
  : never

type Part<E, K extends "params" | "query" | "body"> = E extends {
  [P in K]: infer S extends TSchema
}
  ? Static<S>
  : undefined

export type ParamsOf<E> = Part<E, "params">
export type QueryOf<E> = Part<E, "query">
export type BodyOf<E> = Part<E, "body">

/** The body of a success (2xx); null for a 204. */
export type AnswerOf<E> = E extends { answers: infer A }
  ? {
      [S in keyof A]: `${S & number}` extends `2${string}` ? Static<SchemaIn<A[S]>> : never
    }[keyof A]
  : never
type SchemaIn<T> = T extends TSchema ? T : never

import type {
  AnswerOf,
  BodyOf,
  EndpointAt,
  ParamsOf,
  QueryOf,
  RouteRef,
} from "../../contract/endpoints/types"

// The typed side of a call to an entry of the table (routes/ holds the entries'
// methods and paths): its path parameters, query and body as the contract declares them.

/** A query value as a caller has it: a number is sent as its decimal text. */
type Numeric<T> = T extends `${infer N extends number}` ? N : string extends T ? number : never
export type QueryInput<Q> = { [K in keyof Q]?: Q[K] | Numeric<Q[K]> }

type Params<R extends RouteRef> = ParamsOf<EndpointAt<R>>
type Query<R extends RouteRef> = QueryOf<EndpointAt<R>>
export type Body<R extends RouteRef> = BodyOf<EndpointAt<R>>
export type Answer<R extends RouteRef> = AnswerOf<EndpointAt<R>>

/** Where a call to `R` goes: the path's parameters and the query its entry declares. */
export type Where<R extends RouteRef> = (Params<R> extends undefined
  ? unknown
  : { params: Params<R> }) &
  (Query<R> extends undefined ? unknown : { query?: QueryInput<Query<R>> })

/** What a call to `R` takes: where it goes, and the body its entry declares. */
export type Input<R extends RouteRef> = Where<R> &
  (Body<R> extends undefined ? unknown : { body: Body<R> })

/** An argument that may be left out when nothing in it is required. */
export type Optional<T> = object extends T ? [input?: T] : [input: T]
export type InputArg<R extends RouteRef> = Optional<Input<R>>

type AnyInput = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown }

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ""
}

/** "PATCH /api/admin/messages/:id" -> ["PATCH", "/api/admin/messages/:id"] */
export const methodAndPath = (route: RouteRef) => route.split(" ") as [string, string]

/** The route's path with its parameters filled in and the query appended (empty values left out). */
export function pathOf<R extends RouteRef>(route: R, ...[input]: Optional<Where<R>>): string {
  const { params = {}, query = {} } = (input ?? {}) as AnyInput
  const path = methodAndPath(route)[1].replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name]),
  )
  return path + queryString(query as Record<string, string | number | undefined>)
}

/** The fetch options of a call: its method, and its body as JSON when it has one. */
export function requestInit<R extends RouteRef>(route: R, ...[input]: InputArg<R>): RequestInit {
  const body = (input as AnyInput | undefined)?.body
  const method = methodAndPath(route)[0]
  return body === undefined
    ? { method }
    : {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }
}

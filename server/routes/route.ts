import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox"
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify"
import type { Endpoint } from "../../contract/endpoints"
import { ErrorResponses } from "../../contract/errors"

/** A route plugin's instance: its requests and replies are typed by the TypeBox schemas. */
export type Routes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance["log"],
  TypeBoxTypeProvider
>

type Schema<E extends Endpoint> = {
  params: E extends { params: infer S } ? S : undefined
  querystring: E extends { query: infer S } ? S : undefined
  body: E extends { body: infer S } ? S : undefined
  response: E["answers"] & typeof ErrorResponses
}

/** A handler whose request and reply are typed by its entry of the table. */
export type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema<E>,
  TypeBoxTypeProvider
>

/** What a route adds to its entry on the server side: hooks that prepare or guard the request. */
export type RouteOptions = Pick<RouteShorthandOptions, "preValidation" | "preHandler" | "bodyLimit">

/**
 * Registers `endpoint` of the table (contract/endpoints/) in `app`'s scope: its method, path,
 * schemas and answers, plus every route's error answers. The scope's guards stay where the
 * route is registered (routes/admin/index.ts).
 */
export function route<E extends Endpoint>(
  app: Routes,
  endpoint: E,
  ...[options, handler]: [Handler<E>] | [RouteOptions, Handler<E>]
): void {
  const [hooks, handle] = handler === undefined ? [{}, options as Handler<E>] : [options, handler]
  app.route({
    ...(hooks as RouteOptions),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: { ...endpoint.answers, ...ErrorResponses },
    },
    handler: handle as RouteHandlerMethod,
  })
}

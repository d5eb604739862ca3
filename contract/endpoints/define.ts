import type { TSchema } from "@sinclair/typebox"

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/**
 * Who may call an endpoint, from the most open. server/routes/admin/index.ts nests its guards
 * in this order, and server/routes/access.test.ts checks every entry against them.
 */
export const ACCESS = {
  public: "Anyone.",
  token: "A scraper holding METRICS_TOKEN (Authorization: Bearer); anyone else gets a 404.",
  "sign-in": "Same-site requests only (403 cross_site); no session needed.",
  session: "A live admin session (401 without), even while an owner's two-factor setup is due.",
  member: "A live admin session of a member or an owner (403 totp_setup_required while due).",
  owner: "A live admin session of an owner (403 forbidden for a member).",
} as const
export type Access = keyof typeof ACCESS

/** One row of the table of endpoints: everything both sides and the OpenAPI document know. */
export interface Endpoint {
  method: Method
  /** The whole path, `:name` for a parameter declared in `params`. */
  path: string
  /** One line for people: the OpenAPI summary and the route list of server/API.md. */
  summary: string
  access: Access
  params?: TSchema
  query?: TSchema
  body?: TSchema
  /** The answers by status code; every route also answers the errors of `ErrorResponses`. */
  answers: Readonly<Record<number, TSchema>>
  /** The body may also come as application/x-www-form-urlencoded (the no-JS forms, one-click unsubscribe). */
  formEncoded?: true
}

/** Declares an entry with its literal types kept, so the server and the client type from it. */
export const endpoint = <const E extends Endpoint>(entry: E): E => entry

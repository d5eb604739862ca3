import type { FastifyError } from "fastify"
import { schemaController } from "./schema-compilers"
import { trustProxyHops } from "./trust-proxy"

/** An error whose status and code reach the client as `{ error: code, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const STATUS_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
}

/** The `{ error, message }` answer to a request Fastify refused (4xx): invalid_body, payload_too_large... */
export function clientErrorAnswer(error: FastifyError, status: number) {
  const code =
    error.validation !== undefined
      ? `invalid_${error.validationContext ?? "request"}`
      : (STATUS_CODES[status] ?? "bad_request")
  return { error: code, message: error.message }
}

/**
 * Fastify's options for a server of this app: refuse what does not match instead of repairing it
 * (no stripped fields, no "1" -> 1), 64 KB bodies, 30 s to send a request (slow senders cannot
 * hold sockets open), X-Forwarded-* believed for TRUST_PROXY hops only, schemas compiled once
 * per process (schema-compilers.ts).
 */
export const serverOptions = (trustProxy: number) => ({
  bodyLimit: 64 * 1024,
  requestTimeout: 30_000,
  trustProxy: trustProxyHops(trustProxy),
  ajv: {
    customOptions: {
      removeAdditional: false,
      coerceTypes: false,
      useDefaults: false,
      allErrors: false,
    },
  },
  schemaController,
})

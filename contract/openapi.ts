import { Type } from "@sinclair/typebox"

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of every endpoint, generated from the table. */
export const OpenApiDocument = Type.Unknown({ description: "an OpenAPI 3.1 document" })

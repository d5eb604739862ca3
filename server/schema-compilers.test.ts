import { Type } from "@sinclair/typebox"
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify"
import { serverOptions } from "./http-error"

// Two instances in one process, as a test file builds them, with the same schema objects:
// the second finds the first's validator and serializer, and both still validate and serialize.

const body = Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false })
const answer = Type.Object({ greeting: Type.String() })

function instance() {
  const compiled: { validator?: unknown; serializer?: unknown } = {}
  const app = Fastify({ logger: false, ...serverOptions(0) })
  app.post(
    "/hello",
    { schema: { body, response: { 200: answer } } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      compiled.validator = request.getValidationFunction("body")
      compiled.serializer = reply.getSerializationFunction("200")
      return { greeting: `hello ${(request.body as { name: string }).name}`, secret: "dropped" }
    },
  )
  return { app, compiled }
}

test("a second instance reuses the first's compiled schemas, which still refuse and shape", async () => {
  const first = instance()
  const second = instance()
  for (const { app } of [first, second]) {
    const refused = await app.inject({ method: "POST", url: "/hello", payload: { name: "" } })
    expect(refused.statusCode).toBe(400)
    const extra = await app.inject({ method: "POST", url: "/hello", payload: { name: "a", x: 1 } })
    expect(extra.statusCode).toBe(400)
    const ok = await app.inject({ method: "POST", url: "/hello", payload: { name: "Ada" } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ greeting: "hello Ada" })
  }
  expect(second.compiled.validator).toBeDefined()
  expect(second.compiled.validator).toBe(first.compiled.validator)
  expect(second.compiled.serializer).toBeDefined()
  expect(second.compiled.serializer).toBe(first.compiled.serializer)
  await Promise.all([first.app.close(), second.app.close()])
})

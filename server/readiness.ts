import type { FastifyInstance } from "fastify"

/**
 * Whether this instance wants new traffic. From SIGTERM on it does not, while it still
 * serves what a load balancer keeps sending until its next /readyz poll (main.ts).
 */
export function createReadiness() {
  let draining = false
  return {
    get draining() {
      return draining
    },
    drain() {
      draining = true
    },
  }
}

export type Readiness = ReturnType<typeof createReadiness>

/**
 * From SIGTERM on, every answer says `Connection: close`: a kept-alive client (a balancer,
 * a browser) opens its next connection elsewhere, and no idle connection holds close() open
 * until its keep-alive timeout.
 */
export function closeConnectionsWhenDraining(app: FastifyInstance, readiness: Readiness) {
  app.addHook("onSend", async (request, reply) => {
    if (readiness.draining && request.raw.httpVersionMajor < 2) reply.header("connection", "close")
  })
}

import { Type } from "@sinclair/typebox"

/** `GET /healthz`, liveness: the process answers; the store is not asked. */
export const Alive = Type.Object({ status: Type.Literal("ok") })

/**
 * `GET /readyz`, readiness: the store answers and writes, and the instance is not draining
 * (else a 503). It says ready or not, nothing of how the instance is made (no store kind).
 */
export const Ready = Type.Object({ status: Type.Literal("ready") })

/** `GET /metrics`: Prometheus text for a scraper holding METRICS_TOKEN; a 404 for anyone else. */
export const MetricsText = Type.String({
  description: "text/plain; version=0.0.4 (Prometheus exposition format)",
})

import { Alive, MetricsText, Ready } from "../health"
import { OpenApiDocument } from "../openapi"
import { endpoint } from "./define"

/** For load balancers, supervisors, scrapers and integrators. */
export const operationsEndpoints = {
  liveness: endpoint({
    method: "GET",
    path: "/healthz",
    summary: "Liveness: the process answers (the store is not asked)",
    access: "public",
    answers: { 200: Alive },
  }),
  readiness: endpoint({
    method: "GET",
    path: "/readyz",
    summary: "Readiness: the store answers and takes writes, and the instance is not stopping",
    access: "public",
    answers: { 200: Ready },
  }),
  metrics: endpoint({
    method: "GET",
    path: "/metrics",
    summary: "Prometheus metrics",
    access: "token",
    answers: { 200: MetricsText },
  }),
  openApiDocument: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API as an OpenAPI 3.1 document",
    access: "public",
    answers: { 200: OpenApiDocument },
  }),
}

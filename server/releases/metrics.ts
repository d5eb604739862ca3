import { Counter, Gauge } from "prom-client"
import { registry } from "../metrics/registry"

const builds = new Counter({
  name: "release_builds_total",
  help: "Release builds run by this instance's publisher, by result (ready or failed)",
  labelNames: ["result"] as const,
  registers: [registry],
})

const lastBuild = new Gauge({
  name: "release_last_build_seconds",
  help: "Duration of the last release build this instance ran, in seconds",
  registers: [registry],
})

const lastFailed = new Gauge({
  name: "release_last_build_failed",
  help: "1 when the last release build this instance ran failed (the live site is unchanged)",
  registers: [registry],
})

export function recordBuild(result: "ready" | "failed", seconds: number): void {
  builds.inc({ result })
  lastBuild.set(seconds)
  lastFailed.set(result === "failed" ? 1 : 0)
}

const interrupted = new Counter({
  name: "release_builds_interrupted_total",
  help:
    "Builds this instance found interrupted (their instance stopped or lost the publisher's " +
    "lock mid-build) and marked failed",
  registers: [registry],
})

export function recordInterrupted(count: number): void {
  if (count > 0) interrupted.inc(count)
}

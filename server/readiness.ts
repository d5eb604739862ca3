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

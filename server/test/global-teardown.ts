import type { Cluster } from "./postgres-cluster"

export default async function globalTeardown() {
  ;(globalThis as { __pgCluster?: Cluster }).__pgCluster?.stop()
}

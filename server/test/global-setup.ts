import { buildServerBundle } from "../bundle/build"
import { startCluster, type Cluster } from "./postgres-cluster"

// The tests that spawn the server or a CLI run the bundle (server/bundle/), built here from the
// sources as they are. Workers inherit this process's environment, so they find the cluster in
// TEST_DATABASE_URL.
export default async function globalSetup() {
  await buildServerBundle()
  if (process.env.TEST_DATABASE_URL) return
  const cluster = await startCluster()
  if (typeof cluster === "string") {
    if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`REQUIRE_POSTGRES=1 but ${cluster}`)
    process.env.POSTGRES_SKIPPED = cluster
    process.stderr.write(
      `\n*** PostgreSQL tests SKIPPED: ${cluster}. Set TEST_DATABASE_URL to run them. ***\n\n`,
    )
    return
  }
  process.env.TEST_DATABASE_URL = cluster.url
  ;(globalThis as { __pgCluster?: Cluster }).__pgCluster = cluster
}

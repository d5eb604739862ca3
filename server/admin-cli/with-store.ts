import { type Config, loadConfig } from "../config"
import { openStore, type Store } from "../store"

/** Opens the configured store, runs `work` with it and the configuration, and closes it. */
export async function withStore<T>(work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  try {
    return await work(store, config)
  } finally {
    await store.close()
  }
}

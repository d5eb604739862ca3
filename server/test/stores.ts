import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Kysely } from "kysely"
import pg from "pg"
import { type BuildOptions, buildApp } from "../app"
import { type Config, loadConfig } from "../config"
import { openDatabase } from "../store/database"
import type { Database } from "../store/schema"

export type StoreKind = "sqlite" | "postgres"

export const ADMIN_PASSWORD = "correct horse battery staple"

const postgresUrl = () => process.env.TEST_DATABASE_URL ?? null

/**
 * Runs `suite` once against a SQLite file and once against PostgreSQL. Without a
 * PostgreSQL (see global-setup.ts) the second run is skipped, and says so.
 */
export function describeEachStore(name: string, suite: (kind: StoreKind) => void) {
  describe(`${name} [sqlite]`, () => suite("sqlite"))
  if (postgresUrl()) describe(`${name} [postgres]`, () => suite("postgres"))
  else
    describe.skip(`${name} [postgres] (skipped: ${process.env.POSTGRES_SKIPPED ?? "no TEST_DATABASE_URL"})`, () =>
      suite("postgres"))
}

/** An empty store of the given kind, and the way to throw it away. */
export async function freshStoreLocation(
  kind: StoreKind,
): Promise<{ dataDir: string; databaseUrl: string | null; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "server-test-"))
  if (kind === "sqlite") {
    return {
      dataDir,
      databaseUrl: null,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const admin = new pg.Client({ connectionString: postgresUrl()! })
  const name = `test_${randomBytes(6).toString("hex")}`
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl()!)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl()! })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function testConfig(
  location: { dataDir: string; databaseUrl: string | null },
  env: Record<string, string> = {},
): Config {
  return {
    ...loadConfig({
      ADMIN_PASSWORD,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL: "silent",
      PUBLIC_DIR: path.join(location.dataDir, "no-public"),
      ...env,
    }),
    dataDir: location.dataDir,
    databaseUrl: location.databaseUrl,
  }
}

/** A built app on a fresh store; `close()` closes it and drops the store. */
export async function testApp(
  kind: StoreKind,
  env: Record<string, string> = {},
  options: BuildOptions = {},
) {
  const location = await freshStoreLocation(kind)
  const config = testConfig(location, env)
  const built = await buildApp(config, { logger: false, ...options })
  await built.app.ready()
  return {
    ...built,
    config,
    async close() {
      await built.app.close()
      await location.drop()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof testApp>>

/** Signs in as the test admin; returns the Cookie header value to send. */
export async function signIn(app: TestApp["app"]): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: "admin", password: ADMIN_PASSWORD },
  })
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  const cookie = response.cookies.find((c) => c.name === "admin_session")!
  return `admin_session=${cookie.value}`
}

/** The store's tables as they are, without the app (and without running its migrations). */
export async function withRaw<T>(
  location: { dataDir: string; databaseUrl: string | null },
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const { db } = openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir })
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import SQLite from "better-sqlite3"
import pg from "pg"
import { buildApp } from "../app"
import { registry } from "../metrics/registry"
import { WRITE_PROBE_INTERVAL_MS } from "../store-writability"
import { CONTACT_PAGES, formErrorCopy, writeContactPages, writeFormSite } from "../test/form-site"
import { describeEachStore, freshStoreLocation, testConfig } from "../test/stores"

// Issue 21, finding 9: with the store unable to write (a full disk, a read-only database),
// 1,301 contact posts in a row answered 500 and /readyz stayed 200. Now: 503 store_unwritable
// with Retry-After, the no-JS form comes back with what was typed, /readyz is 503 until a
// write works again, one log line per change and the store_writable gauge tell the operator,
// and nothing acknowledged before is lost.

const message = (i: number) => ({
  name: `Visitor ${i}`,
  Email: `v${i}@example.com`,
  Message: `Message ${i} ${"x".repeat(2000)}`,
  ElapsedMs: 9000,
})
const formBody = (i: number) =>
  new URLSearchParams({
    name: `Visitor ${i}`,
    Email: `v${i}@example.com`,
    Message: `Typed text ${i}`,
    Language: "en",
    returnTo: "/en/contact",
    ElapsedMs: "9000",
  }).toString()

async function gauge(): Promise<number> {
  const text = await registry.getSingleMetricAsString("store_writable")
  return Number(/^store_writable (\d)/m.exec(text)?.[1])
}

function logCollector() {
  const lines: { level: number; msg: string }[] = []
  return {
    lines,
    stream: {
      write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }),
    },
  }
}

// A tiny file system that fills up: a tmpfs needs root, which CI and `npm test` as root have.
const asRoot = process.getuid?.() === 0
;(asRoot ? describe : describe.skip)(
  "a full disk under SQLite (tmpfs of 4 MB; needs root to mount)",
  () => {
    let mount: string
    beforeAll(() => {
      mount = fs.mkdtempSync(path.join(os.tmpdir(), "full-disk-"))
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mount])
    })
    afterAll(() => {
      execFileSync("umount", [mount])
      fs.rmSync(mount, { recursive: true, force: true })
    })

    test(
      "posts answer 503 with Retry-After and keep the form's text; readyz, " +
        "the gauge and one log line follow; all works again once space is freed",
      async () => {
        let clock = 1_000_000
        const log = logCollector()
        const dataDir = path.join(mount, "data")
        const config = {
          ...testConfig({ dataDir, databaseUrl: null }, { LOG_LEVEL: "info" }),
          publicDir: writeFormSite(),
        }
        const { app } = await buildApp(config, { now: () => clock, logStream: log.stream })
        await app.ready()
        try {
          const stored: string[] = []
          for (let i = 0; i < 5; i++) {
            const answer = await app.inject({
              method: "POST",
              url: "/SendMessage",
              payload: message(i),
            })
            expect(answer.statusCode).toBe(201)
            stored.push(answer.json<{ id: string }>().id)
          }
          expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200)

          const filler = path.join(mount, "filler")
          expect(() => fs.writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024))).toThrow(/ENOSPC/)

          const answers = await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              app.inject({ method: "POST", url: "/SendMessage", payload: message(100 + i) }),
            ),
          )
          expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([503]))
          expect(answers[0].json()).toEqual({
            error: "store_unwritable",
            message: expect.stringContaining("try again"),
          })
          expect(answers[0].headers["retry-after"]).toBe("30")

          const form = await app.inject({
            method: "POST",
            url: "/SendMessage",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: formBody(7),
          })
          expect(form.statusCode).toBe(503)
          expect(form.headers["content-type"]).toMatch(/text\/html/)
          expect(form.body).toContain('value="Visitor 7"')
          expect(form.body).toContain(">Typed text 7</textarea>")
          expect(form.body).toMatch(/<p role="alert" data-form-error="unavailable">/)

          clock += WRITE_PROBE_INTERVAL_MS
          expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503)
          expect(await gauge()).toBe(0)
          const warnings = log.lines.filter((line) => line.msg.startsWith("store cannot write"))
          expect(warnings).toHaveLength(1)

          fs.rmSync(filler)
          clock += WRITE_PROBE_INTERVAL_MS
          expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200)
          expect(await gauge()).toBe(1)
          expect(log.lines.filter((line) => line.msg === "store writes again")).toHaveLength(1)
          expect(
            (await app.inject({ method: "POST", url: "/SendMessage", payload: message(200) }))
              .statusCode,
          ).toBe(201)

          // Nothing acknowledged was lost, and the file is sound.
          const db = new SQLite(path.join(dataDir, "site.sqlite"), { readonly: true })
          try {
            const ids = db.prepare("select id from messages").pluck().all() as string[]
            expect(ids).toEqual(expect.arrayContaining(stored))
            expect(ids).toHaveLength(6)
            expect(db.pragma("integrity_check", { simple: true })).toBe("ok")
          } finally {
            db.close()
          }
        } finally {
          await app.close()
        }
      },
    )
  },
)

// PostgreSQL out of space cannot be staged without a small volume for its data folder; a
// database set read-only fails writes the same way (25006), which is what a standby or a
// database an operator froze answers.
describeEachStore("a store that refuses writes", (kind) => {
  if (kind !== "postgres") return
  test("PostgreSQL read-only: 503 store_unwritable, readyz 503, and back once writes work", async () => {
    let clock = 1_000_000
    const location = await freshStoreLocation(kind)
    const { app } = await buildApp(testConfig(location), { logger: false, now: () => clock })
    await app.ready()
    const name = new URL(location.databaseUrl!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      expect(
        (await app.inject({ method: "POST", url: "/SendMessage", payload: message(1) })).statusCode,
      ).toBe(201)
      await admin.query(`alter database ${name} set default_transaction_read_only = on`)
      // The setting applies to new sessions: the pool's open connections are ended.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      )
      // Requests that meet one of the pool's terminated connections answer 503 store_unavailable
      // (and the pool drops it); the next ones meet the read-only database.
      let answer = await app.inject({ method: "POST", url: "/SendMessage", payload: message(2) })
      for (let i = 0; i < 12 && answer.json<{ error: string }>().error === "store_unavailable"; i++)
        answer = await app.inject({ method: "POST", url: "/SendMessage", payload: message(2) })
      expect(answer.statusCode).toBe(503)
      expect(answer.json<{ error: string }>().error).toBe("store_unwritable")
      clock += WRITE_PROBE_INTERVAL_MS
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503)

      await admin.query(`alter database ${name} set default_transaction_read_only = off`)
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      )
      let ready
      for (let i = 0; i < 12; i++) {
        clock += WRITE_PROBE_INTERVAL_MS
        ready = await app.inject({ method: "GET", url: "/readyz" })
        if (ready.statusCode === 200) break
      }
      expect(ready?.statusCode).toBe(200)
      expect(
        (await app.inject({ method: "POST", url: "/SendMessage", payload: message(3) })).statusCode,
      ).toBe(201)
    } finally {
      await admin.end()
      await app.close()
      await location.drop()
    }
  })

  test(
    "PostgreSQL read-only: the no-JS contact form in fr, en and " +
      "de comes back with what was typed and says to try again",
    async () => {
      const location = await freshStoreLocation(kind)
      const publicDir = writeContactPages()
      const config = { ...testConfig(location), publicDir }
      const { app } = await buildApp(config, { logger: false })
      await app.ready()
      const name = new URL(location.databaseUrl!).pathname.slice(1)
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      const post = (language: string, page: string) =>
        app.inject({
          method: "POST",
          url: "/SendMessage",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({
            name: `Visiteur ${language}`,
            Email: `v-${language}@example.com`,
            Message: `Texte tapé (${language})`,
            Language: language,
            returnTo: page,
            ElapsedMs: "9000",
          }).toString(),
        })
      try {
        await admin.query(`alter database ${name} set default_transaction_read_only = on`)
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        )
        for (const { language, page } of CONTACT_PAGES) {
          let answer = await post(language, page)
          // A request meeting a terminated pool connection answers store_unavailable (also 503).
          for (let i = 0; i < 12 && !answer.body.includes(formErrorCopy(language).unavailable); i++)
            answer = await post(language, page)
          expect([language, answer.statusCode]).toEqual([language, 503])
          expect(answer.headers["content-type"]).toMatch(/text\/html/)
          expect(answer.body).toContain(`<html lang="${language}"`)
          expect(answer.body).toContain(`value="Visiteur ${language}"`)
          expect(answer.body).toContain(`>Texte tapé (${language})</textarea>`)
          // The notice shown is the language's own "try again in a few minutes; what you typed is kept".
          expect(answer.body).toContain(
            `<p role="alert" data-form-error="unavailable">${formErrorCopy(language).unavailable}</p>`,
          )
        }
      } finally {
        await admin.query(`alter database ${name} set default_transaction_read_only = off`)
        await admin.end()
        await app.close()
        await location.drop()
        fs.rmSync(publicDir, { recursive: true, force: true })
      }
    },
  )
})

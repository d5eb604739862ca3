import pg from "pg"
import { client, instancesMissing, type Nginx, send, startNginx } from "../test/nginx"
import { contactMessage, freePort, type ServerProcess, startServer } from "../test/server-process"
import { ADMIN_PASSWORD, freshStoreLocation } from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"

// Three server processes on one PostgreSQL behind nginx, as deploy/ runs them: what one
// instance learns (a session, a failed login, a contact post) the others know, start-up
// migrations and housekeeping happen once, the beacon's events reach each instance's event
// thread (EVENT_PORT) and are counted once, and a SIGKILLed instance loses nothing it
// acknowledged while the others keep answering.

const missing = instancesMissing()

const HOUSEKEEPING_EVERY_MS = 1000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

;(missing ? describe.skip : describe)(
  `three instances on one PostgreSQL behind nginx [postgres]${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let location: Awaited<ReturnType<typeof freshStoreLocation>>
    let instances: ServerProcess[] = []
    let eventPorts: number[] = []
    let nginx: Nginx
    let port: number
    let startedAt: number
    const sql = () => {
      const db = new pg.Client({ connectionString: location.databaseUrl! })
      return db.connect().then(() => db)
    }

    beforeAll(async () => {
      location = await freshStoreLocation("postgres")
      const env = {
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl!,
        TRUST_PROXY: "1",
        CONTACT_RATE_LIMIT: "5/10m",
        HOUSEKEEPING_EVERY_MS: String(HOUSEKEEPING_EVERY_MS),
      }
      // All three at the same moment, on an empty database: each one migrates on start.
      startedAt = Date.now()
      // Each with an event port, as docs/OPERATIONS.md sets one up: nginx sends /api/event there.
      eventPorts = await Promise.all([0, 1, 2].map(() => freePort()))
      instances = await Promise.all(
        eventPorts.map((eventPort) =>
          startServer({ ...env, EVENT_PORT: String(eventPort) }, undefined, 45_000),
        ),
      )
      port = await freePort()
      nginx = await startNginx(
        `upstream app {
        ${instances.map((i) => `server 127.0.0.1:${i.port} max_fails=1 fail_timeout=10s;`).join("\n        ")}
      }
      upstream events {
        ${eventPorts.map((p) => `server 127.0.0.1:${p};`).join("\n        ")}
      }
      server {
        listen 127.0.0.1:${port};
        location = /api/event {
          proxy_pass http://events;
          proxy_set_header Host $host;
          proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
          proxy_set_header X-Forwarded-Proto $scheme;
        }
        location / {
          proxy_pass http://app;
          proxy_set_header Host $host;
          proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
          proxy_set_header X-Forwarded-Proto $scheme;
          proxy_connect_timeout 2s;
        }
      }`,
        port,
      )
    }, 60_000)

    afterAll(async () => {
      await nginx?.stop()
      await Promise.all(instances.map((i) => i.kill("SIGKILL")))
      await location?.drop()
    })

    it("migrated once although the three started together", async () => {
      expect(instances.map((i) => i.child.exitCode)).toEqual([null, null, null])
      const db = await sql()
      try {
        const { rows } = await db.query<{ name: string }>(
          "select name from kysely_migration order by name",
        )
        expect(rows.map((r) => r.name)).toEqual([...new Set(rows.map((r) => r.name))])
        expect(rows.map((r) => r.name)).toContain("0008_ops")
        expect((await db.query("select username from admin_users")).rows).toEqual([
          { username: "admin" },
        ])
      } finally {
        await db.end()
      }
    })

    it(
      "shares the admin session: made through nginx, it " +
        "works on every instance and ends on all at logout",
      async () => {
        const login = await send(port, "POST", "/api/admin/login", {
          from: client(900),
          body: { username: "admin", password: ADMIN_PASSWORD },
        })
        expect(login.status).toBe(200)
        const cookie = String(login.headers["set-cookie"]).split(";")[0]
        for (const instance of instances)
          expect(
            (await send(instance.port, "GET", "/api/admin/session", { from: "127.0.0.1", cookie }))
              .status,
          ).toBe(200)
        expect(
          (
            await send(instances[1].port, "POST", "/api/admin/logout", {
              from: "127.0.0.1",
              cookie,
            })
          ).status,
        ).toBe(204)
        for (const instance of instances)
          expect(
            (await send(instance.port, "GET", "/api/admin/session", { from: "127.0.0.1", cookie }))
              .status,
          ).toBe(401)
      },
    )

    it("takes the beacon's events on the three event threads: each stored once, one key per visitor", async () => {
      const visitors = 12
      const answers = await Promise.all(
        Array.from({ length: visitors * 3 }, (_, i) =>
          send(port, "POST", "/api/event", {
            from: client(100 + (i % visitors)),
            userAgent: BROWSER_USER_AGENT,
            body: {
              events: ["a", "b"].map((page) => ({
                kind: "view",
                path: `/${page}${i}`,
                language: "fr",
                width: "mobile",
              })),
            },
          }).then((answer) => answer.status),
        ),
      )
      expect(answers).toEqual(Array(visitors * 3).fill(202))
      // nginx sent them to the event threads, whose 404 names the event port.
      const routed = await send(port, "GET", "/api/event", { from: client(99) })
      expect(routed.status).toBe(404)
      expect(routed.body.message).toMatch(/event port/)
      const db = await sql()
      try {
        const count = async () =>
          (
            await db.query<{ events: string; paths: string; visitors: string }>(
              "select count(*) as events, count(distinct path) as paths, " +
                "count(distinct visitor) as visitors from audience_events",
            )
          ).rows[0]
        // Written in batches by each thread: wait for them, then check nothing more comes.
        for (let i = 0; i < 50 && Number((await count()).events) < visitors * 6; i++)
          await sleep(100)
        await sleep(300)
        expect(await count()).toEqual({
          events: String(visitors * 6),
          paths: String(visitors * 6),
          // One day's salt shared by every instance's thread: a visitor has one key on all three.
          visitors: String(visitors),
        })
      } finally {
        await db.end()
      }
    })

    it("counts failed logins and contact posts across instances", async () => {
      // Round robin spreads these over the three instances; each alone would see too few.
      const from = client(901)
      for (let i = 0; i < 3; i++)
        expect(
          (
            await send(port, "POST", "/api/admin/login", {
              from,
              body: { username: "admin", password: "wrong password!" },
            })
          ).status,
        ).toBe(401)
      expect(
        (
          await send(port, "POST", "/api/admin/login", {
            from,
            body: { username: "admin", password: ADMIN_PASSWORD },
          })
        ).status,
      ).toBe(429)

      const statuses = []
      for (let i = 0; i < 7; i++)
        statuses.push(
          (
            await send(port, "POST", "/SendMessage", {
              from: client(902),
              body: contactMessage(`Limited ${i}`),
            })
          ).status,
        )
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
      // Another address is counted apart.
      expect(
        (
          await send(port, "POST", "/SendMessage", {
            from: client(903),
            body: contactMessage("Other address"),
          })
        ).status,
      ).toBe(201)
    })

    it(
      "loses no acknowledged message when one instance is " +
        "SIGKILLed mid-load, and the others keep answering",
      async () => {
        const acknowledged = new Map<string, string>()
        const duringKill: string[] = []
        let sent = 0
        let killedAt = 0
        let stop = false
        let afterKill = 0
        const sender = async () => {
          while (!stop) {
            const n = sent++
            const name = `Load ${n}`
            try {
              // Each message from its own address, so the rate limit of 5 per address never bites.
              const answer = await send(port, "POST", "/SendMessage", {
                from: client(n % 800),
                body: contactMessage(name),
              })
              if (answer.status === 201) {
                acknowledged.set(answer.body.id, name)
                if (killedAt) afterKill++
              } else duringKill.push(`${answer.status}`)
            } catch (error) {
              duringKill.push((error as Error).message)
            }
          }
        }
        const senders = Array.from({ length: 8 }, sender)
        while (acknowledged.size < 300) await sleep(5)
        killedAt = Date.now()
        expect((await instances[1].kill("SIGKILL")).signal).toBe("SIGKILL")
        while (afterKill < 300 && Date.now() - killedAt < 15_000) await sleep(10)
        stop = true
        await Promise.all(senders)

        const db = await sql()
        try {
          const { rows } = await db.query<{ id: string; name: string }>(
            "select id, name from messages where name like 'Load %'",
          )
          const stored = new Map(rows.map((r) => [r.id, r.name]))
          const lost = [...acknowledged].filter(([id, name]) => stored.get(id) !== name)
          process.stdout.write(
            `[multi-instance] ${sent} sent, ${acknowledged.size} acknowledged (${afterKill} ` +
              `after the kill), ${stored.size} stored, ${lost.length} acknowledged but lost, ` +
              `${duringKill.length} client errors during the kill: ${JSON.stringify(duringKill)}\n`,
          )
          expect(lost).toEqual([])
          expect(afterKill).toBeGreaterThanOrEqual(300)
          expect(stored.size).toBeLessThanOrEqual(sent)
          // Only requests that were inside the killed process can fail: at most one per sender.
          expect(duringKill.length).toBeLessThanOrEqual(8)
          expect(duringKill.every((error) => error === "502")).toBe(true)
        } finally {
          await db.end()
        }
        for (const survivor of [instances[0], instances[2]])
          expect((await fetch(`${survivor.base}/readyz`)).status).toBe(200)
      },
      45_000,
    )

    it("ran housekeeping once per period across the three", async () => {
      const db = await sql()
      try {
        const { rows } = await db.query<{ runs: number; last_instance: string }>(
          "select runs, last_instance from periodic_runs where name = 'housekeeping'",
        )
        const periods = Math.floor((Date.now() - startedAt) / HOUSEKEEPING_EVERY_MS) + 1
        process.stdout.write(
          `[multi-instance] housekeeping ran ${rows[0].runs} times in ${periods} ` +
            `periods of ${HOUSEKEEPING_EVERY_MS} ms (3 instances checking every 250 ms)\n`,
        )
        expect(rows[0].runs).toBeGreaterThanOrEqual(2)
        expect(rows[0].runs).toBeLessThanOrEqual(periods)
      } finally {
        await db.end()
      }
    })
  },
)

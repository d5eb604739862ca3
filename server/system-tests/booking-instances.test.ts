import { sql } from "kysely"
import { apart, bookingBody, demoStarts, openRoundTheClock } from "../test/booking-requests"
import { halfBookings, storedMeetings, NO_HALF_BOOKING } from "../test/booking-store"
import { client, instancesMissing, type Nginx, send, startNginx } from "../test/nginx"
import { freePort, type ServerProcess, startServer } from "../test/server-process"
import { startSmtp } from "../test/smtp"
import { freshStoreLocation, withRaw } from "../test/stores"
import { waitFor } from "../test/wait-for"

// Booking under load with two server processes on one PostgreSQL behind nginx (issue 49): the
// cells' primary key gives a slot to one booking whichever instance takes it, and the outbox's
// leases mail each reminder once whichever instance's worker claims it.

const missing = instancesMissing()
const HOUR = 3_600_000
const MEMBER_EMAIL = "member@example.com"

;(missing ? describe.skip : describe)(
  `booking on two instances behind nginx [postgres]${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let location: Awaited<ReturnType<typeof freshStoreLocation>>
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    const instances: ServerProcess[] = []
    let nginx: Nginx
    let port: number
    let starts: number[]
    const base = () => `http://127.0.0.1:${port}`
    const book = (n: number, start: number) =>
      send(port, "POST", "/api/booking", {
        from: client(n),
        body: bookingBody(`visitor${n}@example.com`, start, `Visitor ${n}`),
      })

    beforeAll(async () => {
      location = await freshStoreLocation("postgres")
      smtp = await startSmtp()
      const env = {
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl!,
        TRUST_PROXY: "1",
        // The production limit: each client below comes from its own address.
        CONTACT_RATE_LIMIT: "5/10m",
        SMTP_URL: smtp.url,
        CONTACT_NOTIFY_TO: "team@example.com",
      }
      // One after the other: the first migrates the empty database.
      instances.push(await startServer(env, undefined, 45_000))
      instances.push(await startServer(env, undefined, 45_000))
      port = await freePort()
      // X-Upstream tells which instance answered.
      nginx = await startNginx(
        `upstream app {
        ${instances.map((i) => `server 127.0.0.1:${i.port};`).join("\n        ")}
      }
      server {
        listen 127.0.0.1:${port};
        location / {
          proxy_pass http://app;
          proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
          add_header X-Upstream $upstream_addr always;
        }
      }`,
        port,
      )
      // The admin is the only member: every slot has exactly one bookable member.
      await openRoundTheClock(base(), MEMBER_EMAIL)
      starts = apart(await demoStarts(base()), HOUR)
    }, 90_000)

    afterAll(async () => {
      await nginx?.stop()
      await Promise.all(instances.map((i) => i.kill("SIGKILL")))
      await smtp?.close()
      await location?.drop()
    })

    it("gives one slot to one of 50 parallel bookings over both instances; the store holds that one", async () => {
      const slot = starts[0]
      const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => book(n, slot)))
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(49)
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.error).toBe("slot_taken")
      // Both instances answered: the race was between processes, not within one.
      expect(new Set(answers.map((a) => a.headers["x-upstream"])).size).toBe(2)

      await withRaw(location, async (db) => {
        expect(await db.selectFrom("admin_users").select("id").execute()).toHaveLength(1)
        const [meeting, ...others] = await storedMeetings(db, slot)
        expect(others).toEqual([])
        expect(meeting.cells).toBe(3)
        const leads = await db
          .selectFrom("messages")
          .select("email")
          .where("kind", "=", "meeting")
          .execute()
        const winner = statuses.indexOf(201)
        expect(leads).toEqual([{ email: `visitor${winner}@example.com` }])
        expect(await halfBookings(db)).toEqual(NO_HALF_BOOKING)
      })
    }, 30_000)

    it("mails each due reminder exactly once with both instances' workers", async () => {
      // Meetings more than a day away: each has its 24 h and its 1 h reminder, to both people.
      const later = starts.filter((start) => start > Date.now() + 26 * HOUR).slice(0, 10)
      const booked = await Promise.all(later.map((start, i) => book(100 + i, start)))
      expect(booked.map((a) => a.status)).toEqual(later.map(() => 201))

      const reminders = await withRaw(location, async (db) => {
        const rows = await db
          .selectFrom("outbox")
          .select("id")
          .where("kind", "=", "meeting_mail")
          .where("payload", "like", '%"event":"reminder_%')
          .execute()
        // Due now, as if the day had passed while nobody looked.
        await db
          .updateTable("outbox")
          .set({ next_at: Date.now() - 60_000 })
          .where(
            "id",
            "in",
            rows.map((row) => row.id),
          )
          .execute()
        return rows.map((row) => row.id)
      })
      expect(reminders.length).toBeGreaterThanOrEqual(later.length * 4)
      // A booking on each instance wakes its worker: both claim the due rows at the same moment.
      const wake = starts.filter((start) => !later.includes(start)).slice(1, 3)
      const woken = await Promise.all(
        instances.map((instance, i) =>
          send(instance.port, "POST", "/api/booking", {
            from: "127.0.0.1",
            body: bookingBody(`wake${i}@example.com`, wake[i]),
          }),
        ),
      )
      expect(woken.map((a) => a.status)).toEqual([201, 201])

      const messageIds = () => smtp.received.map((raw) => /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1])
      await withRaw(location, (db) =>
        waitFor(
          async () =>
            Number(
              (
                await sql<{ n: string }>`select count(*) as n from outbox where status <> 'sent'
                and id in (${sql.join(reminders)})`.execute(db)
              ).rows[0].n,
            ) === 0,
          30_000,
          "every reminder sent",
        ),
      )
      const mailed = messageIds().filter((id) => reminders.some((r) => id?.startsWith(`<${r}@`)))
      expect(mailed).toHaveLength(reminders.length)
      expect(new Set(mailed).size).toBe(reminders.length)
    }, 60_000)
  },
)

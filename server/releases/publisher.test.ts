import { createHmac, randomUUID } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { ReleasesOverview } from "../../contract/releases"
import { contentRepo, PACKAGE } from "../test/content-repo"
import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"
import { waitFor } from "../test/wait-for"

const SECRET = "a push webhook secret of the test"
const sign = (body: string) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`
const METRICS = "a metrics token for the test"
const BUILD_MS = 60_000
jest.setTimeout(120_000)

/** An owner's publish on `t`, then the release list once that build has failed. */
async function publishUntilFailed(t: TestApp): Promise<{ list: ReleasesOverview; cookie: string }> {
  const cookie = await signIn(t.app)
  await t.app.inject({ method: "POST", url: "/api/admin/releases/publish", headers: { cookie } })
  let list: ReleasesOverview | null = null
  await waitFor(
    async () => {
      list = (await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })).json()
      return list!.releases[0]?.status === "failed" && !list!.building
    },
    BUILD_MS,
    "the failed build",
  )
  return { list: list!, cookie }
}

describeEachStore("publishing releases", (kind) => {
  let repo: ReturnType<typeof contentRepo>
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    repo = contentRepo()
    t = await testApp(
      kind,
      { ...repo.env, PUBLISH_WEBHOOK_SECRET: SECRET, METRICS_TOKEN: METRICS },
      { serverRoot: repo.server, scheduleEveryMs: 1000 },
    )
    cookie = await signIn(t.app)
  }, 60_000)
  afterAll(async () => {
    await t.close()
    repo.remove()
  })

  const overview = async () =>
    (
      await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })
    ).json() as ReleasesOverview
  const home = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: "/", headers })).body
  /** GitHub's push of the branch's head: a new delivery id each time unless one is given. */
  const push = ({
    ref = "refs/heads/main",
    body = JSON.stringify({ ref, after: repo.head() }),
    delivery = randomUUID() as string | null,
    event = "push",
  } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/publish/webhook",
      headers: {
        "content-type": "application/json",
        "x-github-event": event,
        "x-hub-signature-256": sign(body),
        ...(delivery === null ? {} : { "x-github-delivery": delivery }),
      },
      payload: body,
    })
  /** Waits until no build runs and `count` releases exist; answers the overview. */
  const settled = async (count: number) => {
    let last: ReleasesOverview | null = null
    await waitFor(
      async () => {
        last = await overview()
        return (
          !last.building &&
          last.releases.length >= count &&
          last.releases.every((r) => r.status !== "building")
        )
      },
      BUILD_MS,
      `${count} finished release(s)`,
    )
    return last!
  }

  test("an owner's publish builds a release and every page is served from it, without a restart", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/admin/releases/publish",
      headers: { cookie },
    })
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toEqual({ state: "started" })
    const done = await settled(1)
    const [release] = done.releases
    expect(release).toMatchObject({
      status: "ready",
      kind: "live",
      trigger: "admin",
      actor: "admin",
    })
    expect(done.live?.id).toBe(release.id)
    expect(release.commit).toMatch(/^[0-9a-f]{40}$/)
    await waitFor(
      async () => (await home()).includes("Bonjour, première version"),
      3000,
      "the release served",
    )
    expect(fs.readlinkSync(path.join(repo.releasesDir, "current"))).toBe(release.id)
    const audit = await t.app.inject({ url: "/api/admin/audit", headers: { cookie } })
    expect(audit.body).toContain("release_published")
  })

  test("a signed push publishes the new text; a page loaded before still finds its old bundle", async () => {
    const before = await home()
    const oldBundle = /src="(\/app-[0-9a-f]+\.js)"/.exec(before)![1]
    repo.commit(repo.homeTitle("Bonjour, deuxième version"))
    const asked = await push()
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toEqual({ state: "started" })
    const done = await settled(2)
    expect(done.releases[0]).toMatchObject({ status: "ready", trigger: "webhook", actor: "github" })
    // Every instance follows the store's pointer every 500 ms.
    await waitFor(async () => (await home()).includes("deuxième version"), 2000, "the switch")
    const old = await t.app.inject({ url: oldBundle })
    expect(old.statusCode).toBe(200)
    expect(old.headers["cache-control"]).toContain("immutable")
  })

  test("pushes during a build are coalesced into one next build", async () => {
    repo.commit(repo.homeTitle("Bonjour, troisième version"))
    const first = await push()
    const second = await push()
    const third = await push()
    expect(first.json()).toEqual({ state: "started" })
    expect(second.json()).toEqual({ state: "queued" })
    expect(third.json()).toEqual({ state: "queued" })
    const done = await settled(4)
    expect(done.releases.length).toBe(4)
    expect(done.releases.slice(0, 2).every((release) => release.status === "ready")).toBe(true)
    await waitFor(async () => (await home()).includes("troisième version"), 2000, "the switch")
  })

  test("a push of code or dependencies is refused with a reason and its log; the live site stays", async () => {
    const live = (await overview()).live!.id
    repo.commit({ "src/app.ts": "export const app = 2\n" }, "code")
    await push()
    let done = await settled(5)
    expect(done.releases[0]).toMatchObject({ status: "failed", errorCode: "code_changes" })
    expect(done.releases[0].error).toMatch(
      /code, not only content\/.*src\/app\.ts.*PUBLISH_CODE_CHANGES/,
    )
    expect(done.live!.id).toBe(live)
    const log = await t.app.inject({
      url: `/api/admin/releases/${done.releases[0].id}/log`,
      headers: { cookie },
    })
    expect(log.statusCode).toBe(200)
    expect(log.json().log).toContain("src/app.ts")

    repo.commit({ "package.json": PACKAGE.replace('"fixture"', '"fixture-2"') }, "deps")
    await push()
    done = await settled(6)
    expect(done.releases[0].error).toMatch(/package\.json.*operator/)
    expect(done.releases[0].errorCode).toBe("dependencies")
    expect(done.live!.id).toBe(live)
    expect(await home()).toContain("troisième version")
  })

  test("a failing content check or build switches nothing and keeps the log", async () => {
    const live = (await overview()).live!.id
    // The repository is back to the server's code: only content changes from here on.
    repo.commit({
      "src/app.ts": "export const app = 1\n",
      "package.json": PACKAGE,
    })
    repo.commit(repo.homeTitle("BROKEN"))
    await push()
    const done = await settled(7)
    expect(done.releases[0].status).toBe("failed")
    expect(done.releases[0].error).toMatch(/check:content failed/)
    expect(done.releases[0].errorCode).toBe("content_check")
    expect(done.live!.id).toBe(live)
    const metrics = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS}` },
    })
    expect(metrics.body).toMatch(/release_builds_total\{result="failed"\} [1-9]/)
    expect(metrics.body).toMatch(/release_last_build_failed 1/)
  })

  test("a rollback makes an earlier release live at once, and a bad id changes nothing", async () => {
    const { releases, live } = await overview()
    const first = releases.filter((release) => release.status === "ready").at(-1)!
    expect(first.id).not.toBe(live!.id)
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/releases/20200101T000000Z-local-abcdef/rollback",
      headers: { cookie },
    })
    expect(bad.statusCode).toBe(404)
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/admin/releases/..%2F..%2Fetc/rollback",
      headers: { cookie },
    })
    expect(malformed.statusCode).toBe(400)
    expect((await overview()).live!.id).toBe(live!.id)

    const rolled = await t.app.inject({
      method: "POST",
      url: `/api/admin/releases/${first.id}/rollback`,
      headers: { cookie },
    })
    expect(rolled.statusCode).toBe(200)
    expect(rolled.json()).toEqual({ live: first.id })
    await waitFor(async () => (await home()).includes("première version"), 2000, "the rollback")
  })

  test("a post dated a few seconds ahead is held back, then published by the timer when due", async () => {
    const due = new Date(Date.now() + 4000).toISOString().replace(/\.\d+Z$/, "Z")
    repo.commit(repo.homeTitle("Bonjour, avec un article programmé"))
    repo.commit({
      "content/blog/programme/index.fr.md": `---\ntitle: Programmé\ndate: ${due}\n---\nBientôt.\n`,
      "content/blog/brouillon/index.fr.md":
        "---\ntitle: Brouillon\ndate: 2026-01-01\ndraft: true\n---\nPas encore.\n",
    })
    const count = (await overview()).releases.length
    await push()
    // The push's build holds the post back. Then the timer (every second here, 30 s in
    // production) sees it due and publishes; or, when it came due during that build (a slow
    // machine), the publisher builds again right after it.
    const scheduled = await settled(count + 2)
    const [second, first] = scheduled.releases
    expect(first).toMatchObject({
      trigger: "webhook",
      status: "ready",
      nextDueAt: new Date(due).toISOString(),
    })
    const firstBuilt = (page: string) =>
      fs.readFileSync(path.join(repo.releasesDir, first.id, "public", page), "utf8")
    expect(firstBuilt("index.html")).toContain("article programmé")
    expect(firstBuilt("blog/index.html")).not.toContain("programme")
    expect(second).toMatchObject({ trigger: "schedule", status: "ready", nextDueAt: null })
    const blog = async () => (await t.app.inject({ url: "/blog" })).body
    await waitFor(async () => (await blog()).includes("programme"), 3000, "the scheduled post")
    expect(await blog()).not.toContain("brouillon")
    expect((await t.app.inject({ url: "/sitemap.xml" })).body).toContain("/blog/programme")
  }, 90_000)

  test("a preview shows drafts to whoever holds its secret link, noindex, and changes nothing live", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/admin/releases/preview",
      headers: { cookie },
    })
    expect(asked.statusCode).toBe(202)
    const count = (await overview()).releases.length
    const done = await settled(count)
    const preview = done.releases[0]
    expect(preview).toMatchObject({ kind: "preview", status: "ready" })
    expect(preview.previewPath).toMatch(/^\/api\/preview\/[A-Za-z0-9_-]{32}$/)
    expect(done.live!.id).not.toBe(preview.id)

    const opened = await t.app.inject({ url: preview.previewPath! })
    expect(opened.statusCode).toBe(302)
    const setCookie = String(opened.headers["set-cookie"])
    expect(setCookie).toMatch(
      /mesurea_preview=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    )
    const previewCookie = setCookie.split(";")[0]
    const blog = await t.app.inject({ url: "/blog", headers: { cookie: previewCookie } })
    expect(blog.body).toContain("brouillon")
    expect(blog.headers["x-robots-tag"]).toBe("noindex, nofollow")
    const publicBlog = await t.app.inject({ url: "/blog" })
    expect(publicBlog.body).not.toContain("brouillon")
    expect(publicBlog.headers["x-robots-tag"]).toBeUndefined()

    const unknown = await t.app.inject({ url: `/api/preview/${"x".repeat(32)}` })
    expect(unknown.statusCode).toBe(404)
    const forged = await t.app.inject({
      url: "/blog",
      headers: { cookie: `mesurea_preview=${"x".repeat(32)}` },
    })
    expect(forged.body).not.toContain("brouillon")
  })

  test("the webhook refuses a bad signature, ignores other branches and pings", async () => {
    const count = (await overview()).releases.length
    const body = JSON.stringify({ ref: "refs/heads/main" })
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/publish/webhook",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": "sha256=" + "0".repeat(64),
      },
      payload: body,
    })
    expect(unsigned.statusCode).toBe(401)
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/publish/webhook",
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(body) },
      payload: body.replace("main", "main "),
    })
    expect(tampered.statusCode).toBe(401)
    expect((await push({ ref: "refs/heads/feature" })).json()).toEqual({ state: "ignored" })
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/publish/webhook",
      headers: { "content-type": "application/json", "x-hub-signature-256": sign("{") },
      payload: "{",
    })
    expect(notJson.statusCode).toBe(400)
    expect((await overview()).releases.length).toBe(count)
  })

  /** Pushes the branch's head and answers the release its build made, once finished. */
  const pushAndSettle = async () => {
    const count = (await overview()).releases.length
    expect((await push()).json()).toEqual({ state: "started" })
    return (await settled(count + 1)).releases[0]
  }

  test("issue 46 finding 4: moving the admin's page into content/ is a change to code", async () => {
    const live = (await overview()).live!.id
    repo.move("src/pages/admin/[...].tsx", "content/images/[...].tsx")
    const release = await pushAndSettle()
    expect(release).toMatchObject({ status: "failed", errorCode: "code_changes" })
    expect(release.error).toContain("src/pages/admin/[...].tsx")
    expect((await overview()).live!.id).toBe(live)
    repo.move("content/images/[...].tsx", "src/pages/admin/[...].tsx")
  })

  test("issue 46 finding 5: a symbolic link or a submodule anywhere is refused before the build", async () => {
    const live = (await overview()).live!.id
    repo.link("content/images/photo.jpg", "/etc/hostname")
    repo.gitlink("content/vendor", repo.head())
    const release = await pushAndSettle()
    expect(release).toMatchObject({ status: "failed", errorCode: "links" })
    expect(release.error).toContain('"content/images/photo.jpg" (symbolic link)')
    expect(release.error).toContain('"content/vendor" (submodule)')
    expect(fs.existsSync(path.join(repo.releasesDir, release.id, "public"))).toBe(false)
    expect((await overview()).live!.id).toBe(live)
    repo.drop("content/images/photo.jpg")
    repo.drop("content/vendor")
  })

  test("issue 46 finding 7: a build is given the allowed variables, none of the server's secrets", async () => {
    const server: Record<string, string> = {
      SITE_URL: "https://www.example.org",
      SMTP_URL: "smtp://mailer:a-smtp-password@mail.example.org",
      TOTP_ENCRYPTION_KEY: "a totp key of the test",
      ADMIN_PASSWORD: "an admin password of the test",
      PUBLISH_WEBHOOK_SECRET: SECRET,
    }
    const saved = Object.keys(server).map((name) => [name, process.env[name]] as const)
    Object.assign(process.env, server)
    try {
      repo.commit(repo.homeTitle("Bonjour, construite sans secrets"))
      const release = await pushAndSettle()
      expect(release.status).toBe("ready")
      const log = (
        await t.app.inject({ url: `/api/admin/releases/${release.id}/log`, headers: { cookie } })
      ).json().log as string
      const given = /fake build env: (.*)/.exec(log)![1].split(" ")
      expect(given).toEqual(expect.arrayContaining(["PATH", "HOME", "SITE_URL", "PUBLISH_NOW"]))
      for (const secret of [
        "SMTP_URL",
        "TOTP_ENCRYPTION_KEY",
        "ADMIN_PASSWORD",
        "PUBLISH_WEBHOOK_SECRET",
        "JEST_WORKER_ID",
      ])
        expect(given).not.toContain(secret)
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })

  test("issue 46 finding 6: a push acts once, and its bytes sent again do not undo a rollback", async () => {
    repo.commit(repo.homeTitle("Bonjour, version annulée ensuite"))
    const body = JSON.stringify({ ref: "refs/heads/main", after: repo.head() })
    const delivery = randomUUID()
    const count = (await overview()).releases.length
    expect((await push({ body, delivery })).json()).toEqual({ state: "started" })
    const pushed = (await settled(count + 1)).releases[0]
    expect(pushed.status).toBe("ready")
    const before = (await overview()).releases.find(
      (release) => release.kind === "live" && release.status === "ready" && release.id < pushed.id,
    )!
    const rolled = await t.app.inject({
      method: "POST",
      url: `/api/admin/releases/${before.id}/rollback`,
      headers: { cookie },
    })
    expect(rolled.json()).toEqual({ live: before.id })

    // The same bytes, with their delivery id or another (the header is not signed).
    expect((await push({ body, delivery })).json()).toEqual({ state: "ignored" })
    expect((await push({ body })).json()).toEqual({ state: "ignored" })
    // Only a push event acts, and a push always names its delivery.
    expect((await push({ body, event: "issues" })).json()).toEqual({ state: "ignored" })
    const anonymous = await push({ body, delivery: null })
    expect(anonymous.statusCode).toBe(400)
    expect(anonymous.json().error).toBe("bad_delivery")
    await new Promise((resolve) => setTimeout(resolve, 500))
    const after = await overview()
    expect(after.releases.length).toBe(count + 1)
    expect(after.building).toBe(false)
    expect(after.live!.id).toBe(before.id)

    // A new commit after the rollback goes live.
    repo.commit(repo.homeTitle("Bonjour, après l'annulation"))
    const next = await pushAndSettle()
    expect(next.status).toBe("ready")
    expect((await overview()).live!.id).toBe(next.id)
  })
})

describe("a build that lacks the admin's shell", () => {
  test("issue 46 finding 4: is not switched to, even where code changes are built", async () => {
    const repo = contentRepo()
    const t = await testApp(
      "sqlite",
      { ...repo.env, PUBLISH_CODE_CHANGES: "build" },
      { serverRoot: repo.server, scheduleEveryMs: 3_600_000 },
    )
    try {
      repo.move("src/pages/admin/[...].tsx", "content/images/[...].tsx")
      const { list } = await publishUntilFailed(t)
      expect(list.releases[0]).toMatchObject({ errorCode: "verify" })
      expect(list.releases[0].error).toContain("admin/[...]/index.html")
      expect(list.live).toBeNull()
    } finally {
      await t.close()
      repo.remove()
    }
  })
})

describe("a post that comes due while a build runs", () => {
  test("is published by a second build right after it, not at the timer's next tick", async () => {
    const repo = contentRepo()
    // The timer ticks once an hour here: only the publisher's own follow-up can publish the post.
    const t = await testApp(
      "sqlite",
      { ...repo.env, PUBLISH_BUILD_COMMAND: `sleep 3 && ${repo.env.PUBLISH_BUILD_COMMAND}` },
      { serverRoot: repo.server, scheduleEveryMs: 3_600_000 },
    )
    try {
      const cookie = await signIn(t.app)
      const due = new Date(Date.now() + 2000).toISOString().replace(/\.\d+Z$/, "Z")
      repo.commit({
        "content/blog/pendant/index.fr.md": `---\ntitle: Pendant\ndate: ${due}\n---\nTexte.\n`,
      })
      const asked = await t.app.inject({
        method: "POST",
        url: "/api/admin/releases/publish",
        headers: { cookie },
      })
      expect(asked.json()).toEqual({ state: "started" })
      let list: ReleasesOverview | null = null
      await waitFor(
        async () => {
          list = (await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })).json()
          return list!.releases.length === 2 && !list!.building
        },
        BUILD_MS,
        "the follow-up build",
      )
      const [second, first] = list!.releases
      expect(first).toMatchObject({ trigger: "admin", status: "ready" })
      expect(first.nextDueAt).toBe(new Date(due).toISOString())
      expect(second).toMatchObject({ trigger: "schedule", status: "ready", nextDueAt: null })
      expect(list!.live?.id).toBe(second.id)
      await waitFor(
        async () => (await t.app.inject({ url: "/blog" })).body.includes("pendant"),
        3000,
        "the post served",
      )
    } finally {
      await t.close()
      repo.remove()
    }
  })
})

describe("previews beyond RELEASES_KEEP", () => {
  test("lose their folder and their link when a newer preview is built, live builds untouched", async () => {
    const repo = contentRepo()
    const t = await testApp(
      "sqlite",
      { ...repo.env, RELEASES_KEEP: "2" },
      { serverRoot: repo.server, scheduleEveryMs: 3_600_000 },
    )
    try {
      const cookie = await signIn(t.app)
      const list = async () =>
        (
          await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })
        ).json() as ReleasesOverview
      const build = async (url: string, count: number) => {
        await t.app.inject({ method: "POST", url, headers: { cookie } })
        await waitFor(
          async () => {
            const now = await list()
            return !now.building && now.releases.length === count
          },
          BUILD_MS,
          `release ${count}`,
        )
      }
      await build("/api/admin/releases/publish", 1)
      await build("/api/admin/releases/preview", 2)
      // Not opened before it is pruned: an instance keeps the preview it served for 10 s.
      const firstLink = (await list()).releases[0].previewPath!
      expect(firstLink).toMatch(/^\/api\/preview\//)
      for (const count of [3, 4]) await build("/api/admin/releases/preview", count)
      const [third, second, first, live] = (await list()).releases
      expect(live).toMatchObject({ kind: "live", status: "ready" })
      expect([first.status, second.status, third.status]).toEqual(["pruned", "ready", "ready"])
      expect(fs.existsSync(path.join(repo.releasesDir, first.id, "public"))).toBe(false)
      expect(fs.existsSync(path.join(repo.releasesDir, live.id, "public"))).toBe(true)
      expect((await t.app.inject({ url: firstLink })).statusCode).toBe(404)
    } finally {
      await t.close()
      repo.remove()
    }
  })
})

describe("a build that runs past PUBLISH_BUILD_TIMEOUT_SECONDS", () => {
  test("is stopped with every process it started, fails with its kind, and the site stays", async () => {
    const repo = contentRepo()
    const pidFile = path.join(repo.releasesDir, "..", "grandchild.pid")
    const t = await testApp(
      "sqlite",
      {
        ...repo.env,
        PUBLISH_BUILD_TIMEOUT_SECONDS: "5",
        // A build that never ends, and a process of its own under it (as Gatsby's workers).
        PUBLISH_BUILD_COMMAND: `sleep 300 & echo $! > ${pidFile}; wait`,
      },
      { serverRoot: repo.server, scheduleEveryMs: 3_600_000 },
    )
    try {
      const { list, cookie } = await publishUntilFailed(t)
      expect(list.releases[0]).toMatchObject({ errorCode: "timeout", status: "failed" })
      expect(list.live).toBeNull()
      const log = await t.app.inject({
        url: `/api/admin/releases/${list.releases[0].id}/log`,
        headers: { cookie },
      })
      expect(log.json().log).toContain("stopped: still running after 5 s")
      // The grandchild is gone (or a zombie waiting for init to reap it), not left sleeping.
      const grandchild = fs.readFileSync(pidFile, "utf8").trim()
      const state = () => {
        try {
          return fs.readFileSync(`/proc/${grandchild}/stat`, "utf8").split(") ")[1][0]
        } catch {
          return "gone"
        }
      }
      await waitFor(async () => ["gone", "Z"].includes(state()), 5000, "the grandchild to end")
    } finally {
      await t.close()
      repo.remove()
    }
  })
})

describe("publishing without a webhook secret", () => {
  test("the push webhook does not exist (404)", async () => {
    const t = await testApp("sqlite")
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/publish/webhook",
        headers: { "content-type": "application/json" },
        payload: "{}",
      })
      expect(response.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})

describe("publishing from a repository that cannot be reached", () => {
  test("fails with its kind, and neither the answer nor the log holds PUBLISH_REPO", async () => {
    const repo = contentRepo()
    const secretUrl = "https://deploy:s3cret-token@git.invalid/site.git"
    const t = await testApp(
      "sqlite",
      { ...repo.env, PUBLISH_REPO: secretUrl },
      { serverRoot: repo.server },
    )
    try {
      const { list, cookie } = await publishUntilFailed(t)
      const [release] = list.releases
      expect(release.errorCode).toBe("repository")
      expect(JSON.stringify(release)).not.toContain("s3cret")
      const log = await t.app.inject({
        url: `/api/admin/releases/${release.id}/log`,
        headers: { cookie },
      })
      expect(log.body).not.toContain("s3cret")
    } finally {
      await t.close()
      repo.remove()
    }
  })
})

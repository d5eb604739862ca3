import { execFileSync } from "node:child_process"
import fs from "node:fs"
import http2 from "node:http2"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { REPOSITORY } from "../../content-kit/repository"
import { entryArgs } from "../bundle/entries"
import {
  type Nginx,
  nginxMissing,
  RECIPE_ACCESS_LOG,
  renderRecipe,
  selfSignedCertificate,
  startNginx,
} from "../test/nginx"
import { request } from "../test/request"
import { freePort, type ServerProcess, startServer } from "../test/server-process"
import { ADMIN_PASSWORD } from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"
import { waitFor } from "../test/wait-for"

// deploy/ as an operator installs it: the nginx site rendered with envsubst exactly as
// docs/OPERATIONS.md says, a self-signed certificate, the server behind it in production mode.

const UNIT = path.join(REPOSITORY, "deploy/systemd/mesurea.service")
const METRICS_TOKEN = "deploy-test-metrics-token"
const BUNDLE = "/app-0123456789abcdef0123.js"
const BUNDLE_TEXT = `console.log(${JSON.stringify("bundle ".repeat(200))})\n`

const missing = nginxMissing() ?? (fs.existsSync("/usr/bin/openssl") ? null : "no /usr/bin/openssl")
if (missing && process.env.CI) throw new Error(`the deploy test needs ${missing}`)

// What `npm run build` leaves beside the pages that no browser needs (server/static/
// not-for-browsers.ts), and the CMS, which production does not serve on the site's origin.
const NOT_SERVED = [
  "/webpack.stats.json",
  "/chunk-map.json",
  "/chunk-map.json.gz",
  "/csp-hashes.json",
  "/framework-0123456789abcdef0123.js.LICENSE.txt",
  "/app-0123456789abcdef0123.js.map",
  "/_gatsby/slices/_gatsby-scripts-1.html",
  "/~partytown/partytown-sw.js",
  "/cms/config.yml",
  "/cms/index.html",
]

/** A tiny build: one page and one hashed bundle, each with its .gz as `npm run build` writes them. */
function fakeBuild(dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  for (const file of NOT_SERVED) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    const text = file.endsWith(".json")
      ? JSON.stringify({ "/build-only": [] })
      : `build-only ${file}`
    fs.writeFileSync(path.join(dir, file), `${text}\n`)
  }
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="fr"><head><title>Accueil</title></head><body><h1>Accueil</h1></body></html>',
  )
  fs.writeFileSync(path.join(dir, BUNDLE), BUNDLE_TEXT)
  for (const file of ["index.html", BUNDLE])
    fs.writeFileSync(
      path.join(dir, `${file}.gz`),
      zlib.gzipSync(fs.readFileSync(path.join(dir, file))),
    )
}

;(missing ? describe.skip : describe)(
  `deploy/ recipe: nginx with TLS in front of the server${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-test-"))
    let server: ServerProcess
    let nginx: Nginx
    let origin: string
    let plainOrigin: string
    let ca: Buffer
    // The template's log file, moved into the test's folder.
    const accessLog = path.join(dir, "access.log")

    beforeAll(async () => {
      const { cert, key } = selfSignedCertificate(dir)
      ca = fs.readFileSync(cert)
      const publicDir = path.join(dir, "public")
      fakeBuild(publicDir)

      const [httpsPort, httpPort, eventPort] = [
        await freePort(),
        await freePort(),
        await freePort(),
      ]
      origin = `https://localhost:${httpsPort}`
      plainOrigin = `http://127.0.0.1:${httpPort}`
      server = await startServer({
        DATA_DIR: path.join(dir, "data"),
        PUBLIC_DIR: publicDir,
        NODE_ENV: "production",
        SITE_URL: origin,
        TRUST_PROXY: "1",
        METRICS_TOKEN,
        LOG_LEVEL: "info",
        EVENT_PORT: String(eventPort),
      })
      const values = {
        SERVER_NAME: "localhost",
        HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        TLS_CERT: cert,
        TLS_KEY: key,
        PUBLIC_DIR: publicDir,
        UPSTREAM: `127.0.0.1:${server.port}`,
      }
      const site = renderRecipe(values)
      expect(site).not.toMatch(/\$\{[A-Z_]+\}/)
      expect(site.split(RECIPE_ACCESS_LOG).length).toBe(3)
      // The event port's lines uncommented by the template's own command, pointed at this one.
      const uncomment = /^#\s+sed -i '([^']+)'/m.exec(site)![1]
      const withEvents = execFileSync("sed", [uncomment], { input: site })
        .toString()
        .replace("server 127.0.0.1:8001 ", `server 127.0.0.1:${eventPort} `)
      expect(withEvents).not.toMatch(/^\s*#event /m)
      nginx = await startNginx(withEvents.replaceAll(RECIPE_ACCESS_LOG, accessLog), httpsPort)
    }, 60_000)

    afterAll(async () => {
      await nginx?.stop()
      await server?.kill("SIGTERM")
      fs.rmSync(dir, { recursive: true, force: true })
    })

    it("serves pages over HTTPS with one HSTS header and the server's CSP, and sends plain HTTP there", async () => {
      const page = await request(`${origin}/`, { ca })
      expect(page.status).toBe(200)
      expect(page.body.toString()).toContain("<h1>Accueil</h1>")
      expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains")
      expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'")
      expect(page.headers["cache-control"]).toBe("no-cache")
      const plain = await request(`${plainOrigin}/contact?x=1`, { headers: { host: "localhost" } })
      expect([plain.status, plain.headers.location]).toEqual([301, "https://localhost/contact?x=1"])
    })

    it("sends the beacon's posts to the event port's thread, with one HSTS header", async () => {
      const json = { "content-type": "application/json", "user-agent": BROWSER_USER_AGENT }
      const view = { kind: "view", path: "/", language: "fr", width: "desktop" }
      const posted = await request(`${origin}/api/event`, {
        ca,
        method: "POST",
        headers: json,
        body: JSON.stringify({ events: [view] }),
      })
      expect(posted.status).toBe(202)
      expect(posted.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      )
      // Only the event port's thread answers any other method there with its own 404.
      const other = await request(`${origin}/api/event`, { ca })
      expect(other.status).toBe(404)
      expect(JSON.parse(other.body.toString()).message).toMatch(/on the event port$/)
    })

    it("logs requests without their query string, so no newsletter link token lands in the access log", async () => {
      const token = "a-link-token-that-must-stay-out-of-logs"
      await request(`${origin}/api/newsletter/confirm?token=${token}`, { ca })
      await request(`${plainOrigin}/api/newsletter/unsubscribe?token=${token}`, {
        headers: { host: "localhost" },
      })
      // nginx writes a request's line in its log phase, after the answer is sent: the client can
      // read the answer first. Wait for the last request's line before reading the log.
      const readLog = () => fs.readFileSync(accessLog, "utf8")
      await waitFor(() => readLog().includes("/api/newsletter/unsubscribe"), 5000, "the log line")
      const log = readLog()
      expect(log).toMatch(/"GET \/api\/newsletter\/confirm HTTP\/[\d.]+" \d{3}/)
      expect(log).toMatch(/"GET \/api\/newsletter\/unsubscribe HTTP\/1\.1" 301/)
      expect(log).not.toContain(token)
    })

    it("logs a preview link's path without its token (issue 46, finding 8)", async () => {
      const token = "PreviewTokenThatStaysOutOfLogs01"
      expect((await request(`${origin}/api/preview/${token}`, { ca })).status).toBe(404)
      const readLog = () => fs.readFileSync(accessLog, "utf8")
      await waitFor(() => readLog().includes("/api/preview/"), 5000, "the log line")
      expect(readLog()).toMatch(/"GET \/api\/preview\/<token> HTTP\/[\d.]+" 404/)
      expect(readLog()).not.toContain(token)
      // The server's own log line says the same.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(server.stdout()).toContain('"path":"/api/preview/<token>"')
      expect(server.stdout()).not.toContain(token)
    })

    it("speaks HTTP/2", async () => {
      const session = http2.connect(origin, { ca })
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ":path": "/" })
          stream.on("response", (headers) => resolve(Number(headers[":status"])))
          stream.on("error", reject)
          stream.resume()
        })
        expect(status).toBe(200)
        expect(session.alpnProtocol).toBe("h2")
      } finally {
        session.close()
      }
    })

    it("serves hashed bundles itself, precompressed and immutable", async () => {
      const bundle = await request(`${origin}${BUNDLE}`, {
        ca,
        headers: { "accept-encoding": "gzip" },
      })
      expect(bundle.status).toBe(200)
      expect(bundle.headers["content-encoding"]).toBe("gzip")
      expect(zlib.gunzipSync(bundle.body).toString()).toBe(BUNDLE_TEXT)
      expect(bundle.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(bundle.headers["x-content-type-options"]).toBe("nosniff")
      expect(bundle.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      )
      // The server would have added its CSP: nginx answered from the disk.
      expect(bundle.headers["content-security-policy"]).toBeUndefined()
    })

    it(
      "gives the admin a Secure session cookie, and the " +
        "server sees the real client address, not a forged one",
      async () => {
        const login = await request(`${origin}/api/admin/login`, {
          ca,
          method: "POST",
          localAddress: "127.0.0.7",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": "203.0.113.66",
            "x-forwarded-proto": "http",
          },
          body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
        })
        expect(login.status).toBe(200)
        expect(String(login.headers["set-cookie"])).toMatch(
          /^admin_session=[^;]+;.*; HttpOnly; SameSite=Strict; Secure$/,
        )

        await new Promise((resolve) => setTimeout(resolve, 200))
        // Logs are JSON lines on stdout; each request line names the address the server believes.
        const requests = server
          .stdout()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line))
          .filter((entry) => entry.req?.path === "/api/admin/login")
        expect(requests.map((entry) => entry.req.remoteAddress)).toEqual(["127.0.0.7"])
      },
    )

    it(
      "keeps /readyz, /healthz and /metrics off the public " +
        "site, while the instance answers them locally",
      async () => {
        for (const probe of ["/readyz", "/healthz", "/metrics"]) {
          expect(
            (
              await request(`${origin}${probe}`, {
                ca,
                headers: { authorization: `Bearer ${METRICS_TOKEN}` },
              })
            ).status,
          ).toBe(404)
        }
        expect((await request(`${server.base}/readyz`)).status).toBe(200)
        expect(
          (
            await request(`${server.base}/metrics`, {
              headers: { authorization: `Bearer ${METRICS_TOKEN}` },
            })
          ).status,
        ).toBe(200)
        expect(nginx.errors()).not.toMatch(/\[(emerg|alert|crit)\]/)
      },
    )

    it("answers 404 for build files no browser needs and for /cms/, from nginx and from the server", async () => {
      const seenByServer = () =>
        server
          .stdout()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line).req?.path as string | undefined)
      for (const file of NOT_SERVED) {
        const viaNginx = await request(`${origin}${file}`, { ca })
        expect([file, viaNginx.status]).toEqual([file, 404])
        expect(viaNginx.body.toString()).not.toContain("build-only")
      }
      // nginx answered them itself: none reached the server.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(seenByServer().filter((p) => p && NOT_SERVED.includes(p))).toEqual([])
      for (const file of NOT_SERVED) {
        const direct = await request(`${server.base}${file}`)
        expect([file, direct.status]).toEqual([file, 404])
        expect(direct.body.toString()).not.toContain("build-only")
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(seenByServer()).toEqual(expect.arrayContaining(NOT_SERVED))
      // /readyz says ready or not, nothing of what the instance runs on.
      const ready = await request(`${server.base}/readyz`)
      expect(JSON.parse(ready.body.toString())).toEqual({ status: "ready" })
    })

    it("ships a systemd unit that systemd accepts, writable only where the data goes", () => {
      const unit = fs.readFileSync(UNIT, "utf8")
      const env = fs.readFileSync(path.join(REPOSITORY, "deploy/mesurea.env.example"), "utf8")
      for (const line of [
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "Restart=on-failure",
        "User=mesurea",
      ])
        expect(unit).toContain(line)
      expect(unit).toContain(`ReadWritePaths=${/^DATA_DIR=(.+)$/m.exec(env)![1]}`)
      // It runs the server's bundle (npm run build:server), as the tests' own servers do.
      const args = entryArgs("main").map((arg) =>
        path.isAbsolute(arg) ? path.relative(REPOSITORY, arg) : arg,
      )
      expect(unit).toContain(`\nExecStart=/usr/bin/node ${args.join(" ")}\n`)
      if (fs.existsSync("/usr/bin/systemd-analyze"))
        execFileSync("systemd-analyze", ["verify", UNIT], { stdio: "pipe" })
    })
  },
)

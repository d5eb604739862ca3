import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import net from "node:net"
import os from "node:os"
import path from "node:path"

// Debian's nginx, started by a test in a folder of its own: its pid file, logs and temporary
// files stay there, it listens on loopback only, and it ends with the test.

export const NGINX = "/usr/sbin/nginx"

export const nginxMissing = (): string | null =>
  fs.existsSync(NGINX) ? null : `no ${NGINX} (apt-get install nginx-light)`

/**
 * Why server processes on the shared PostgreSQL behind nginx cannot run here, or null; with
 * REQUIRE_POSTGRES=1 a missing one is an error.
 */
export function instancesMissing(): string | null {
  const missing =
    (process.env.TEST_DATABASE_URL
      ? null
      : (process.env.POSTGRES_SKIPPED ?? "no TEST_DATABASE_URL")) ?? nginxMissing()
  if (missing && process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`REQUIRE_POSTGRES=1 but ${missing}`)
  return missing
}

export interface Nginx {
  dir: string
  /** What nginx wrote to its error log so far. */
  errors(): string
  stop(): Promise<void>
}

/** Waits until something accepts TCP connections on `port`. */
export async function waitForPort(port: number, timeoutMs = 10_000) {
  for (const start = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end()
        resolve(true)
      })
      socket.on("error", () => resolve(false))
    })
    if (open) return
    if (Date.now() - start > timeoutMs)
      throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`)
  }
}

/**
 * Starts nginx in the foreground with `httpBlock` (upstreams and servers) inside its http
 * context, and waits for `port`. As root, the workers run as root too: the default "nobody"
 * could not read the test's private temporary folders.
 */
export async function startNginx(httpBlock: string, port: number): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-test-"))
  const errorLog = path.join(dir, "error.log")
  const conf = [
    "daemon off;",
    "worker_processes 1;",
    process.getuid?.() === 0 ? "user root;" : "",
    `pid ${dir}/nginx.pid;`,
    `error_log ${errorLog} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
    ),
    httpBlock,
    "}",
  ].join("\n")
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf)
  const child: ChildProcess = spawn(
    NGINX,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", errorLog],
    { stdio: ["ignore", "ignore", "pipe"] },
  )
  let stderr = ""
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const errors = () =>
    `${stderr}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""}`
  try {
    await Promise.race([
      waitForPort(port),
      exited.then(() => Promise.reject(new Error("nginx exited"))),
    ])
  } catch (error) {
    child.kill("SIGKILL")
    await exited
    const log = errors()
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`nginx did not start: ${(error as Error).message}\n${log}`)
  }
  return {
    dir,
    errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** deploy/'s nginx site, as docs/OPERATIONS.md has the operator render it. */
export const RECIPE = path.resolve(__dirname, "../../deploy/nginx/mesurea.conf.template")
/** The recipe's access log; tests move it into their own folder. */
export const RECIPE_ACCESS_LOG = "/var/log/nginx/mesurea.access.log"

/** The recipe rendered with envsubst, the command of its header, for these values. */
export function renderRecipe(values: Record<string, string>): string {
  return execFileSync(
    "envsubst",
    [
      Object.keys(values)
        .map((name) => `\${${name}}`)
        .join(" "),
    ],
    { input: fs.readFileSync(RECIPE), env: { ...process.env, ...values } },
  ).toString()
}

/** A self-signed certificate for localhost and 127.0.0.1, valid two days, in `dir`. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")]
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "pipe" },
  )
  return { cert, key }
}

export interface ProxiedAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: any
}

/** One request on a new connection from loopback address `from`: nginx sees each client apart. */
export function send(
  port: number,
  method: string,
  path: string,
  options: { from: string; body?: object; cookie?: string; userAgent?: string },
): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const headers: http.OutgoingHttpHeaders = {}
    if (payload !== undefined) headers["content-type"] = "application/json"
    if (options.cookie) headers.cookie = options.cookie
    if (options.userAgent) headers["user-agent"] = options.userAgent
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        localAddress: options.from,
        agent: false,
        headers,
        timeout: 15_000,
      },
      (response) => {
        let text = ""
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
        response.on("error", reject)
        response.on("end", () => {
          let body: unknown = text
          try {
            body = JSON.parse(text)
          } catch {
            // nginx's own error pages are HTML.
          }
          resolve({ status: response.statusCode!, headers: response.headers, body })
        })
      },
    )
    request.on("timeout", () => request.destroy(new Error("no answer within 15 s")))
    request.on("error", reject)
    request.end(payload)
  })
}

/** A distinct loopback address per client number. */
export const client = (n: number) => `127.1.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`

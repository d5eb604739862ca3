import { type ChildProcess, spawn } from "node:child_process"
import http from "node:http"
import net from "node:net"
import path from "node:path"
import { REPOSITORY } from "../../content-kit/repository"
import { entryArgs } from "../bundle/entries"
import { ADMIN_PASSWORD } from "./stores"

// The real server as a child process, for the tests that kill it, starve it or stop its
// database (server/system-tests/durability.test.ts, server/system-tests/faults.test.ts).

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on("error", reject)
  })

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  base: string
  /** What the process wrote to stderr so far. */
  stderr(): string
  /** What it wrote to stdout (its JSON log lines) so far. */
  stdout(): string
  /** Settles when the process has ended. */
  exited: Promise<Exit>
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<Exit>
}

export interface SpawnOptions {
  /** A test's own entry file, run through tsx; without it, the bundle's main.js, as deployed. */
  entry?: string
  /** In a process group of its own, so that a test can signal the whole group. */
  ownGroup?: boolean
}

/**
 * Spawns the real server process: Node itself on the bundle (jest's global set-up builds it) or
 * with tsx's loader, never a wrapper command (a SIGKILL would kill the wrapper and leave the
 * server running).
 * `env` names at least DATA_DIR; the rate limit is off, there is no mail and no site.
 */
export function spawnServer(
  env: { DATA_DIR: string } & Record<string, string>,
  port: number,
  { entry, ownGroup = false }: SpawnOptions = {},
): ServerProcess {
  const args = entry ? ["--import", "tsx", entry] : entryArgs("main")
  const child = spawn(process.execPath, args, {
    cwd: REPOSITORY,
    detached: ownGroup,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_PASSWORD,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
      PUBLIC_DIR: path.join(env.DATA_DIR, "no-public"),
      DATABASE_URL: "",
      SMTP_URL: "",
      NODE_ENV: "test",
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stderr = ""
  let stdout = ""
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  )
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Spawns the server and waits until `/healthz` answers 200. */
export async function startServer(
  env: { DATA_DIR: string } & Record<string, string>,
  port?: number,
  timeoutMs = 30_000,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const server = spawnServer(env, port ?? (await freePort()), options)
  let ended = false
  void server.exited.then(() => (ended = true))
  for (
    const start = Date.now();
    Date.now() - start < timeoutMs && !ended;
    await new Promise((r) => setTimeout(r, 100))
  ) {
    const ok = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return server
  }
  await server.kill("SIGKILL")
  throw new Error(`the server did not start:\n${server.stderr()}`)
}

export interface Answer {
  status: number
  body: any
  ms: number
}

/** A contact message that is not filed as spam (ElapsedMs well above the 2.5 s threshold). */
export const contactMessage = (name: string) => ({
  name,
  Email: "sender@example.com",
  Message: "Is it stored?",
  ElapsedMs: 20_000,
})

/**
 * POST /SendMessage (or `path`) over `agent` (a few kept-alive connections, as a browser or a
 * proxy would use). Rejects when the connection breaks before a whole answer arrives, or
 * after `timeoutMs`.
 */
export function postMessage(
  port: number,
  body: object,
  agent: http.Agent,
  timeoutMs = 15_000,
  path = "/SendMessage",
): Promise<Answer> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        timeout: timeoutMs,
        headers: { "content-type": "application/json" },
      },
      (response) => {
        let text = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (text += chunk))
        response.on("error", reject)
        response.on("aborted", () => reject(new Error("answer cut off")))
        response.on("end", () => {
          try {
            resolve({
              status: response.statusCode!,
              body: JSON.parse(text),
              ms: Date.now() - start,
            })
          } catch (error) {
            reject(error)
          }
        })
      },
    )
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on("error", reject)
    request.end(JSON.stringify(body))
  })
}

export interface StoredMessage {
  id: string
  name: string
  status: string
}

/** Every stored message, through the admin API (signs in as the test admin). */
export async function storedMessages(base: string): Promise<StoredMessage[]> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`)
  const cookie = login.headers.get("set-cookie")!.split(";")[0]
  const items: StoredMessage[] = []
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}/api/admin/messages?pageSize=100&page=${page}`, {
      headers: { cookie },
    })
    if (response.status !== 200)
      throw new Error(`listing failed: ${response.status} ${await response.text()}`)
    const list = (await response.json()) as { items: StoredMessage[]; total: number }
    items.push(...list.items.map(({ id, name, status }) => ({ id, name, status })))
    if (list.items.length < 100 || items.length >= list.total) return items
  }
}

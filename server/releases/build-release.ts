import { execFile, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { allRoutes, pageKeys } from "../../content-kit/page-routes"
import { heldBackPosts, type HeldBack } from "../../content-kit/publication"
import { LANGUAGES, localizePath } from "../../contract/languages"
import type { ReleaseError } from "../../contract/releases"
import type { ReleasesConfig } from "../config/releases"
import { buildEnv } from "./build-env"
import { releaseDir, releasePublicDir, WORKSPACE } from "./folders"
import { processTree, signalAll } from "./process-tree"

const run = promisify(execFile)

/** A step that refused the build: its kind (worded by the admin) and a sentence for the log. */
export class BuildRefused extends Error {
  constructor(
    readonly code: ReleaseError,
    message: string,
  ) {
    super(message)
  }
}

export interface BuildInput {
  id: string
  /** The publisher's clock: what is due, and PUBLISH_NOW for the build. */
  now: number
  preview: boolean
  /** The branch to build (a preview may name another). */
  branch: string
  /** The code the serving instances run: changes outside content/ are measured against it. */
  serverRoot: string
  log: fs.WriteStream
  /** Aborted when the instance stops or loses the publisher's lock: the build ends at once. */
  signal: AbortSignal
}

export interface BuildOutput {
  commit: string
  contentHash: string | null
  heldBack: HeldBack[]
}

/**
 * Pages every release has, or it is not switched to: each page of the route table in every
 * language, the 404 and the admin's shell (the screen a rollback is made from). Gatsby writes
 * the client-only src/pages/admin/[...].tsx to admin/[...]/index.html (server/static/site-files.ts).
 */
const KEY_PAGES = [
  ...LANGUAGES.flatMap((language) =>
    pageKeys.map((key) => {
      const page = localizePath(allRoutes[key].path, language)
      return `${page === "/" ? "" : page}/index.html`.slice(1)
    }),
  ),
  "404.html",
  "admin/[...]/index.html",
]
/** Git modes of entries that are not plain files: a symbolic link, a submodule (gitlink). */
const LINK_MODES: Record<string, string> = { "120000": "symbolic link", "160000": "submodule" }
/** Changes that need the operator's `npm install`, whatever PUBLISH_CODE_CHANGES says. */
const DEPENDENCY_FILES = ["package.json", "package-lock.json"]

/** A git command that hangs (a remote that stops answering) fails after this instead. */
const GIT_TIMEOUT_MS = 10 * 60_000

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", args, {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
    timeout: GIT_TIMEOUT_MS,
    killSignal: "SIGKILL",
  })
  return stdout.trim()
}

/** Git's output as is: NUL-separated (-z) names may begin or end with spaces. */
async function gitRaw(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 })
  return stdout
}

async function gitOrNull(cwd: string, args: string[]): Promise<string | null> {
  try {
    return await git(cwd, args)
  } catch {
    return null
  }
}

/** How long a build past its time has to end after SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 10_000
/** The same for an interrupted one: the instance is stopping and has little time. */
const INTERRUPT_GRACE_MS = 2_000

const interrupted = (signal: AbortSignal) =>
  new BuildRefused("interrupted", `interrupted: ${String(signal.reason ?? "the instance stops")}`)

function stopIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw interrupted(signal)
}

/**
 * Runs `command` at low priority in `cwd`, its output into the build log; rejects on failure,
 * and stops it, with every process it started, once it has run `timeoutMs` or `signal` aborts.
 */
function runLogged(
  code: ReleaseError,
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  input: Pick<BuildInput, "log" | "signal">,
  timeoutMs: number,
): Promise<void> {
  const { log, signal } = input
  stopIfAborted(signal)
  log.write(`\n$ ${command}\n`)
  return new Promise((resolve, reject) => {
    // nice: a build on a small machine must not starve the instances that serve the site.
    const child = spawn("nice", ["-n", "15", "sh", "-c", command], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    // Once it is stopped: the whole tree (npm, Gatsby and its workers), not only the shell,
    // listed at once, since the shell's children are no longer found under it once it ends. It
    // stays in the server's process group, so that a Ctrl-C on `npm run publish` ends it too.
    let tree: number[] = []
    let kill: NodeJS.Timeout | undefined
    let stopped: BuildRefused | null = null
    const stop = (why: BuildRefused, logged: string, graceMs: number) => {
      if (stopped) return
      stopped = why
      log.write(`\nstopped: ${logged}\n`)
      tree = processTree(child.pid!)
      signalAll(tree, "SIGTERM")
      kill = setTimeout(() => signalAll(tree, "SIGKILL"), graceMs)
    }
    const seconds = Math.round(timeoutMs / 1000)
    const limit = setTimeout(
      () =>
        stop(
          new BuildRefused(
            "timeout",
            `${command} ran past PUBLISH_BUILD_TIMEOUT_SECONDS (${seconds} s) and was stopped`,
          ),
          `still running after ${seconds} s`,
          KILL_GRACE_MS,
        ),
      timeoutMs,
    )
    const onAbort = () => stop(interrupted(signal), String(signal.reason), INTERRUPT_GRACE_MS)
    signal.addEventListener("abort", onAbort, { once: true })
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    child.on("error", (error) => {
      clearTimeout(limit)
      signal.removeEventListener("abort", onAbort)
      reject(error)
    })
    child.on("close", (exit, killedBy) => {
      clearTimeout(limit)
      clearTimeout(kill)
      signal.removeEventListener("abort", onAbort)
      if (stopped) {
        signalAll(tree, "SIGKILL") // what outlived the shell without holding its output
        reject(stopped)
      } else if (signal.aborted) reject(interrupted(signal))
      // Killed from outside: a stop of the whole service (systemd signals every process).
      else if (killedBy !== null)
        reject(new BuildRefused("interrupted", `interrupted: ${command} was killed (${killedBy})`))
      else if (exit === 0) resolve()
      else reject(new BuildRefused(code, `${command} failed (exit code ${exit})`))
    })
  })
}

/**
 * Lock files left by a git that was stopped mid-command (its instance killed): every later
 * command would fail on them. Only called under the publisher's lock, so no git of ours runs
 * there now. Not in objects/ (large, and git leaves no lock files there).
 */
function removeStaleLocks(dir: string, log: fs.WriteStream): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== "objects") removeStaleLocks(file, log)
    else if (entry.isFile() && entry.name.endsWith(".lock")) {
      fs.rmSync(file, { force: true })
      log.write(`removed ${entry.name}, left by a git command that was stopped\n`)
    }
  }
}

/** Clones the workspace when it has none (or half of one), fetches the branch, checks it out. */
async function update(config: ReleasesConfig, input: BuildInput, workspace: string): Promise<void> {
  if (!fs.existsSync(path.join(workspace, ".git", "HEAD"))) {
    fs.rmSync(workspace, { recursive: true, force: true })
    input.log.write("$ git clone PUBLISH_REPO\n")
    try {
      await git(config.releasesDir, [
        "clone",
        "--quiet",
        "--no-checkout",
        "--",
        config.publishRepo,
        WORKSPACE,
      ])
    } catch {
      // Not git's message: it names PUBLISH_REPO, which may hold credentials.
      throw new BuildRefused(
        "repository",
        "The content repository (PUBLISH_REPO) could not be cloned: check its address and access.",
      )
    }
  }
  stopIfAborted(input.signal)
  input.log.write(`$ git fetch ${input.branch}\n`)
  try {
    // From PUBLISH_REPO itself, not the clone's origin: the setting may have changed since.
    await git(workspace, ["fetch", "--quiet", config.publishRepo, `refs/heads/${input.branch}`])
  } catch {
    const branch = `refs/heads/${input.branch}`
    const answers = await gitOrNull(config.releasesDir, [
      "ls-remote",
      "--",
      config.publishRepo,
      branch,
    ])
    if (!answers)
      throw new BuildRefused(
        "fetch",
        `The branch ${input.branch} could not be fetched from the repository.`,
      )
    throw new Error("git fetch failed in the workspace, though the repository has the branch")
  }
  await refuseLinks(workspace, await git(workspace, ["rev-parse", "FETCH_HEAD"]))
  stopIfAborted(input.signal)
  await git(workspace, ["checkout", "--quiet", "--force", "--detach", "FETCH_HEAD"])
  await git(workspace, ["clean", "-fdq", "-e", "node_modules", "-e", ".cache", "-e", "public"])
}

/**
 * The workspace: a checkout of PUBLISH_REPO at the branch's newest commit. One a stopped
 * build damaged is repaired: stale lock files go, and a workspace git still fails in is
 * cloned again (once; then the build fails with the reason).
 */
async function checkout(config: ReleasesConfig, input: BuildInput): Promise<string> {
  const workspace = path.join(config.releasesDir, WORKSPACE)
  const gitDir = path.join(workspace, ".git")
  if (fs.existsSync(gitDir) && fs.statSync(gitDir).isDirectory())
    removeStaleLocks(gitDir, input.log)
  try {
    await update(config, input, workspace)
  } catch (error) {
    if (error instanceof BuildRefused || input.signal.aborted) throw error
    const reason = (error as Error).message.split("\n")[0]
    input.log.write(`the workspace is damaged (${reason}): cloning it again\n`)
    fs.rmSync(workspace, { recursive: true, force: true })
    try {
      await update(config, input, workspace)
    } catch (again) {
      if (again instanceof BuildRefused) throw again
      throw new BuildRefused(
        "internal",
        `The workspace (RELEASES_DIR/${WORKSPACE}) could not be repaired, even cloned again: ` +
          (again as Error).message.split("\n")[0],
      )
    }
  }
  return workspace
}

/**
 * Refuses, before anything is checked out, a commit whose tree holds a symbolic link (it may
 * point outside the repository, and the build would read or publish what it points at) or a
 * submodule (code from elsewhere), wherever it is: content is plain files.
 */
async function refuseLinks(workspace: string, commit: string): Promise<void> {
  const links = (await gitRaw(workspace, ["ls-tree", "-r", "-z", "--full-tree", commit]))
    .split("\0")
    .filter(Boolean)
    .map((entry) => {
      // "<mode> <type> <object>\t<path>"
      const tab = entry.indexOf("\t")
      return { kind: LINK_MODES[entry.slice(0, entry.indexOf(" "))], file: entry.slice(tab + 1) }
    })
    .filter((entry) => entry.kind !== undefined)
  if (links.length === 0) return
  const named = links.slice(0, 5).map((link) => `${JSON.stringify(link.file)} (${link.kind})`)
  throw new BuildRefused(
    "links",
    `The commit holds what is not a plain file: ${named.join(", ")}` +
      `${links.length > 5 ? ", ..." : ""}. Only plain files are published: replace it with the file itself.`,
  )
}

/** Refuses what the running code cannot take: code changes (unless allowed) and dependencies. */
async function checkScope(
  config: ReleasesConfig,
  workspace: string,
  commit: string,
  serverRoot: string,
  log: fs.WriteStream,
): Promise<void> {
  const running = await gitOrNull(serverRoot, ["rev-parse", "HEAD"])
  if (!running) {
    log.write("The running code is not a git checkout: the scope of the change is not checked.\n")
    return
  }
  // Without rename detection a move is its old path removed and its new one added, so moving
  // code into content/ still counts as a change to code.
  const changed = await gitOrNull(workspace, [
    "diff",
    "--name-only",
    "-z",
    "--no-renames",
    running,
    commit,
  ])
  if (changed === null) {
    throw new BuildRefused(
      "running_code",
      `The commit the server runs (${running.slice(0, 10)}) is not in the repository's ` +
        "history: an operator deploys this change.",
    )
  }
  const files = changed.split("\0").filter(Boolean)
  const code = files.filter((file) => !file.startsWith("content/"))
  log.write(
    `${files.length} file(s) differ from the running code, ${code.length} outside content/\n`,
  )
  const dependencies = code.filter((file) => DEPENDENCY_FILES.includes(file))
  if (dependencies.length > 0) {
    throw new BuildRefused(
      "dependencies",
      `The change touches ${dependencies.join(", ")}: an operator installs the dependencies ` +
        "and deploys it (docs/OPERATIONS.md §5).",
    )
  }
  if (code.length > 0 && config.publishCodeChanges === "refuse") {
    throw new BuildRefused(
      "code_changes",
      `The change touches code, not only content/ (${code.slice(0, 5).join(", ")}` +
        `${code.length > 5 ? ", ..." : ""}): an operator deploys it, or sets PUBLISH_CODE_CHANGES=build.`,
    )
  }
}

/** The key pages the build lacks (or left empty), so that a broken build never goes live. */
export function verifyRelease(publicDir: string): string[] {
  return KEY_PAGES.filter((page) => {
    const file = path.join(publicDir, page)
    return !fs.existsSync(file) || !fs.statSync(file).isFile() || fs.statSync(file).size === 0
  })
}

/**
 * One build into releases/<id>/public: checkout, scope, content check, the build at low
 * priority, verification. Throws BuildRefused (a clear reason) or the error met; nothing
 * live changes here.
 */
export async function buildRelease(
  config: ReleasesConfig,
  input: BuildInput,
): Promise<BuildOutput> {
  const workspace = await checkout(config, input)
  stopIfAborted(input.signal)
  const commit = await git(workspace, ["rev-parse", "HEAD"])
  const contentHash = await gitOrNull(workspace, ["rev-parse", "HEAD:content"])
  input.log.write(`commit ${commit}, content ${contentHash ?? "?"}\n`)
  await checkScope(config, workspace, commit, input.serverRoot, input.log)

  const modules = path.join(workspace, "node_modules")
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(input.serverRoot, "node_modules"), modules)

  const held = input.preview
    ? []
    : heldBackPosts(path.join(workspace, "content", "blog"), input.now)
  for (const post of held) {
    input.log.write(
      `held back: blog/${post.file} (${post.dueAt === null ? "draft" : `due ${new Date(post.dueAt).toISOString()}`})\n`,
    )
  }
  const env = buildEnv(process.env, {
    PUBLISH_NOW: String(input.now),
    PUBLISH_PREVIEW: input.preview ? "1" : "0",
    GATSBY_TELEMETRY_DISABLED: "1",
  })
  // The repository's own check (the go-live one with placeholders when SITE_RELEASE=1).
  const check = process.env.SITE_RELEASE === "1" ? "check:release" : "check:content"
  const limit = config.publishBuildTimeoutMs
  await runLogged("content_check", `npm run --silent ${check}`, workspace, env, input, limit)
  await runLogged("build", config.publishBuildCommand, workspace, env, input, limit)
  stopIfAborted(input.signal)

  const built = path.join(workspace, "public")
  const missing = verifyRelease(built)
  if (missing.length > 0) {
    throw new BuildRefused("verify", `The build lacks key pages: ${missing.slice(0, 6).join(", ")}`)
  }
  fs.mkdirSync(releaseDir(config.releasesDir, input.id), { recursive: true })
  fs.cpSync(built, releasePublicDir(config.releasesDir, input.id), { recursive: true })
  return { commit, contentHash, heldBack: held }
}

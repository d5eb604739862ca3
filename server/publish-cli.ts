// `npm run publish`: the publisher from a shell (server/releases/, docs/OPERATIONS.md §5).
import { execFileSync } from "node:child_process"
import path from "node:path"
import { parseArgs } from "node:util"
import { REPOSITORY } from "../content-kit/repository"
import { ConfigError, loadConfig } from "./config"
import { BuildRefused } from "./releases/build-release"
import { keepingPreviewTokens, readPreviewToken } from "./releases/preview-token"
import { createPublisher } from "./releases/publisher"
import { openStore } from "./store"
import type { ReleaseRow } from "./store/releases"

const USAGE = `npm run publish -- [option]
  (none)            build PUBLISH_BRANCH's newest commit into a release and make it live
  --preview [BRANCH]  build PUBLISH_BRANCH (or BRANCH) with drafts and scheduled posts into a
                    preview (not live); prints its secret link
  --rollback [ID]   make release ID live again (default: the one before the live one)
  --import          make the current build (PUBLIC_DIR, after npm run build) the live release
  --list            the live release and the latest releases
  --help            this text
`
/** The flags that choose an action, at most one a call, and how many arguments each takes. */
const ACTIONS = { preview: 1, rollback: 1, import: 0, list: 0 } as const
/** What a call does: a flag's action, or a publish when no flag is given. */
type Action = keyof typeof ACTIONS | "publish"

/** An error in how the command was written: usage, exit code 2. */
class UsageError extends Error {}

/**
 * The call's action and its argument, read with node:util's parseArgs (strict): an unknown
 * flag, two actions or an argument the action does not take is a UsageError.
 */
function parseCall(args: string[]): { action: Action | "help"; value: string | null } {
  let parsed
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        ...Object.fromEntries(Object.keys(ACTIONS).map((name) => [name, { type: "boolean" }])),
      } as Record<string, { type: "boolean"; short?: string }>,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (parsed.values.help) return { action: "help", value: null }
  const chosen = (Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).filter(
    (name) => parsed.values[name],
  )
  if (chosen.length > 1) throw new UsageError(`one option at a time: --${chosen.join(", --")}`)
  const action: Action = chosen[0] ?? "publish"
  const takes = chosen[0] ? ACTIONS[chosen[0]] : 0
  if (parsed.positionals.length > takes)
    throw new UsageError(`unexpected argument "${parsed.positionals[takes]}"`)
  return { action, value: parsed.positionals[0] ?? null }
}

const line = (r: ReleaseRow, live: string | null) =>
  [
    r.id === live ? "*" : " ",
    r.id,
    r.kind,
    r.status.padEnd(8),
    r.trigger.padEnd(8),
    (r.actor ?? "-").padEnd(10),
    r.commit?.slice(0, 10) ?? "-",
    r.finished_at ? `${Math.round((r.finished_at - r.started_at) / 1000)} s` : "",
    r.error ?? "",
  ].join("  ")

async function main(args: string[]): Promise<number> {
  const { action, value } = parseCall(args)
  if (action === "help") {
    console.log(USAGE)
    return 0
  }
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  const log = {
    info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
    error: (details: object, message: string) => console.error(message, JSON.stringify(details)),
  }
  const publisher = createPublisher({
    config,
    releases: keepingPreviewTokens(store.releases, config.releasesDir),
    now: Date.now,
    log,
    serverRoot: REPOSITORY,
  })
  try {
    if (action === "list") {
      const live = await store.releases.liveId()
      const { pending } = await store.releases.lockState()
      if (pending) {
        const by = pending.actor ? ` by ${pending.actor}` : ""
        const at = new Date(pending.asked_at).toISOString()
        console.log(`  queued: ${pending.trigger}${by} at ${at}, built after the running build`)
      }
      for (const release of await store.releases.list(30)) console.log(line(release, live))
      return 0
    }
    if (action === "rollback") {
      const release = await publisher.rollback(value, "command")
      if (!release) {
        console.error(
          value ? `No ready release ${value} is kept.` : "No earlier ready release is kept.",
        )
        return 1
      }
      console.log(`Live: ${release.id} (every instance serves it within a second).`)
      return 0
    }
    if (action === "import") {
      let commit: string | null = null
      try {
        commit = execFileSync("git", ["rev-parse", "HEAD"], {
          cwd: REPOSITORY,
          encoding: "utf8",
        }).trim()
      } catch {
        commit = null
      }
      const release = await publisher.adopt(config.publicDir, commit)
      console.log(`Live: ${release.id}, a copy of ${config.publicDir}.`)
      return 0
    }
    const preview = action === "preview"
    if (preview && value && !/^[A-Za-z0-9._/-]{1,100}$/.test(value)) {
      console.error("The branch name may hold letters, digits and . _ / - only.")
      return 2
    }
    const started = await publisher.start({
      trigger: "command",
      actor: null,
      preview,
      ...(preview && value ? { branch: value } : {}),
    })
    if (!started.done) {
      console.log(
        started.state === "queued"
          ? "A build is running on another instance: this publish follows it."
          : "A build is running: ask for the preview again when it ends.",
      )
      return 0
    }
    const release = await started.done
    if (release.status !== "ready") {
      console.error(
        `Failed: ${release.error}\nLog: ${path.join(config.releasesDir, release.id, "build.log")}`,
      )
      return 1
    }
    if (release.kind === "preview")
      console.log(
        `Preview: ${config.siteUrl}/api/preview/${readPreviewToken(config.releasesDir, release.id)}`,
      )
    else console.log(`Live: ${release.id} (commit ${release.commit?.slice(0, 10)}).`)
    return 0
  } finally {
    await store.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    console.error(
      error instanceof ConfigError || error instanceof BuildRefused ? error.message : error,
    )
    process.exit(1)
  },
)

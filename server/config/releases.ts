// The publisher's environment variables, read by server/config/index.ts (which declares every variable).
import path from "node:path"

export interface ReleasesConfig {
  /** RELEASES_DIR: the builds, the `current` link and the publisher's workspace (folders.ts). */
  releasesDir: string
  /** RELEASES_KEEP: live releases kept for a rollback (the live one always is), and as many previews. */
  releasesKeep: number
  /** PUBLISH_REPO: the content repository the publisher fetches (a URL or a path). */
  publishRepo: string
  /** PUBLISH_BRANCH: the branch that is published. */
  publishBranch: string
  /** PUBLISH_WEBHOOK_SECRET: signs the repository's push webhook; null: no webhook route. */
  publishWebhookSecret: string | null
  /**
   * PUBLISH_CODE_CHANGES: "refuse" (default) builds only changes under content/ and refuses
   * the rest with a message for the operator; "build" also builds code changes. Changes of
   * package.json or package-lock.json are always refused (they need `npm install`).
   */
  publishCodeChanges: "refuse" | "build"
  /** PUBLISH_BUILD_COMMAND: the build, run in the workspace at low priority. */
  publishBuildCommand: string
  /** PUBLISH_BUILD_TIMEOUT_SECONDS: a build still running after this is stopped and fails. */
  publishBuildTimeoutMs: number
  /** PUBLISH_SCHEDULE=off: scheduled posts wait for the next publish instead of their time. */
  publishSchedule: boolean
  /**
   * PUBLISH_LOCK_TTL_SECONDS: the publisher's lock ends this long after the building
   * instance's last renewal (it renews every quarter of it); then another instance marks the
   * build interrupted and runs what was asked meanwhile.
   */
  publishLockTtlMs: number
}

type Get = (name: string) => string | null
type Fail = (name: string, why: string) => never

export function loadReleasesConfig(get: Get, fail: Fail, root: string): ReleasesConfig {
  const keep = Number(get("RELEASES_KEEP") ?? 5)
  if (!Number.isInteger(keep) || keep < 2 || keep > 100)
    fail("RELEASES_KEEP", "must be a whole number from 2 to 100")
  const branch = get("PUBLISH_BRANCH") ?? "main"
  if (!/^[A-Za-z0-9._/-]{1,100}$/.test(branch) || branch.startsWith("-"))
    fail("PUBLISH_BRANCH", "must be a branch name (letters, digits, . _ / -)")
  const secret = get("PUBLISH_WEBHOOK_SECRET")
  if (secret !== null && secret.length < 16)
    fail("PUBLISH_WEBHOOK_SECRET", "must have at least 16 characters")
  const codeChanges = (get("PUBLISH_CODE_CHANGES") ?? "refuse").toLowerCase()
  if (codeChanges !== "refuse" && codeChanges !== "build")
    fail("PUBLISH_CODE_CHANGES", "must be refuse or build")
  const schedule = (get("PUBLISH_SCHEDULE") ?? "on").toLowerCase()
  if (!["on", "off"].includes(schedule)) fail("PUBLISH_SCHEDULE", "must be on or off")
  const timeout = Number(get("PUBLISH_BUILD_TIMEOUT_SECONDS") ?? 1800)
  if (!Number.isInteger(timeout) || timeout < 5 || timeout > 14_400)
    fail("PUBLISH_BUILD_TIMEOUT_SECONDS", "must be a whole number of seconds from 5 to 14400")
  const lockTtl = Number(get("PUBLISH_LOCK_TTL_SECONDS") ?? 30)
  if (!Number.isInteger(lockTtl) || lockTtl < 2 || lockTtl > 600)
    fail("PUBLISH_LOCK_TTL_SECONDS", "must be a whole number of seconds from 2 to 600")
  const repo = get("PUBLISH_REPO") ?? root
  if (repo.startsWith("-")) fail("PUBLISH_REPO", "must be a repository URL or path")
  return {
    releasesDir: path.resolve(get("RELEASES_DIR") ?? path.join(root, "releases")),
    releasesKeep: keep,
    publishRepo: repo,
    publishBranch: branch,
    publishWebhookSecret: secret,
    publishCodeChanges: codeChanges as "refuse" | "build",
    publishBuildCommand: get("PUBLISH_BUILD_COMMAND") ?? "npm run build",
    publishBuildTimeoutMs: timeout * 1000,
    publishSchedule: schedule === "on",
    publishLockTtlMs: lockTtl * 1000,
  }
}

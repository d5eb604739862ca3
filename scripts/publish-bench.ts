import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { REPOSITORY } from "../content-kit/repository"

/**
 * `npm run bench -- publish`: the publishing-under-load scenario (two instances on PostgreSQL
 * behind nginx, a signed push, a scheduled post, a rollback) and its figures: push to live,
 * a page view's 95th percentile (HTML and bundles) during the build against before it, under
 * the same steady load, and failed requests.
 */
export async function benchPublish(): Promise<void> {
  execFileSync("npm", ["run", "--silent", "test:publish"], { cwd: REPOSITORY, stdio: "inherit" })
  const figures = JSON.parse(
    fs.readFileSync(path.join(REPOSITORY, "reports", "publish-under-load.json"), "utf8"),
  ) as Record<string, number>
  process.stdout.write(
    [
      `push to live:                  ${figures.pushToLiveSeconds} s`,
      `switch to both instances:      ${figures.switchToBothInstancesMs} ms`,
      `rollback:                      ${figures.rollbackSeconds} s`,
      `served without a build:        ${figures.requestsPerSecondQuiet} requests/s`,
      `served during the build:       ${figures.requestsPerSecondDuringBuild} requests/s`,
      `page view p95 without a build: ${figures.pageViewP95MsQuiet} ms`,
      `page view p95 during a build:  ${figures.pageViewP95MsDuringBuild} ms`,
      `requests / contact posts:      ${figures.requests} / ${figures.contactPosts}`,
      `failed requests, lost posts:   ${figures.failedRequests}, ${figures.lostMessages}`,
    ].join("\n") + "\n",
  )
}

import { spawnSync } from "node:child_process"
import { REPOSITORY } from "../content-kit/repository"
import { entryArgs } from "./bundle/entries"

// `npm run publish`'s arguments: read with parseArgs (strict), before any configuration or
// store is opened, so a mistyped call changes nothing and says why.
const publish = (...args: string[]) =>
  spawnSync(process.execPath, [...entryArgs("publish-cli"), ...args], {
    cwd: REPOSITORY,
    encoding: "utf8",
    // No store to open: a call that got past its arguments would fail on configuration (1).
    env: { ...process.env, DATA_DIR: "/nonexistent/publish-cli-test", LOG_LEVEL: "silent" },
  })

test.each([
  [["--lst"], /Unknown option '--lst'/],
  [["--list", "--rollback"], /one option at a time: --rollback, --list/],
  [["--import", "extra"], /unexpected argument "extra"/],
])("npm run publish -- %j is refused with exit 2 and the usage", (args, message) => {
  const run = publish(...args)
  expect(run.status).toBe(2)
  expect(run.stderr).toMatch(message)
  expect(run.stderr).toContain("npm run publish -- [option]")
})

test("--help prints the usage and exits 0, in any position, without a store", () => {
  const run = publish("--rollback", "--help")
  expect(run.status).toBe(0)
  expect(run.stdout).toContain("--rollback [ID]")
})

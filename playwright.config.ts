import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { defineConfig, devices } from "@playwright/test"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium"

// Browser tests run Debian's Chromium (apt-get install chromium) against the built site on
// the real server; nothing here downloads a browser.
// A port per run (set once here, inherited by the workers) so that two runs on one
// machine do not collide.
process.env.E2E_PORT ??= String(8123 + (process.pid % 700))
const port = Number(process.env.E2E_PORT)
export const baseURL = `http://127.0.0.1:${port}`
export const adminCredentials = { username: "admin", password: "e2e-admin-password-0123" }

const chromium = CHROMIUM_PATH
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Browser tests need Chromium at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`,
  )
}

const launchOptions = {
  executablePath: chromium,
  args: [...CHROMIUM_ARGS, "--disable-quic"],
}

// Set once in the main process; the workers it forks inherit it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"))

export default defineConfig({
  testDir: "tests/e2e",
  // admin-screenshots.spec.ts takes screenshots to look at, asserts nothing of its own and runs
  // only when asked: ADMIN_SHOTS=/tmp/shots npx playwright test admin-screenshots
  testIgnore: process.env.ADMIN_SHOTS ? [] : ["admin-screenshots.spec.ts"],
  fullyParallel: true,
  // Three on this 2-core machine: the tests spend part of their time waiting (an idle network,
  // hydration, the reveals' 800 ms), so a third worker fills it. The suite took 7.6 min with two
  // in the fresh-clone CI of 8f5bb9b and 6.3 min with three (commit 1f4e57a).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: { baseURL, launchOptions, trace: "off", screenshot: "only-on-failure" },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  webServer: {
    // The server as deployed: its bundle (server/bundle/), built from the sources as they are.
    command: "tsx scripts/build-server.ts && node --enable-source-maps dist/server/main.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
      CONTACT_RATE_LIMIT: "0",
      // Every browser test comes from 127.0.0.1, so they all share one address's beacon limit
      // (120 posts a minute): the pages the first-load tests open (about 8 a second) used it up
      // while the audience test ran, whose page views were then not counted (5 of 6, in the
      // fresh-clone CI of a961a24). The limit itself is tested in server/audience/.
      EVENT_RATE_LIMIT: "0",
      // Each admin test signs in from an address of its own, sent as X-Forwarded-For
      // (tests/e2e/admin-helpers.ts), so that the login throttle never counts one test's
      // sign-ins against another's; the throttle is tested in server/auth/throttle.test.ts.
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
    },
  },
})

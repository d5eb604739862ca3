import fs from "node:fs"
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Download,
  type Page,
} from "@playwright/test"
import { adminCredentials, baseURL } from "../../playwright.config"
import { copy } from "../../src/test/copy"

export { adminCredentials }

/**
 * The login throttle counts per client address and per account (docs/SECURITY.md), and every
 * browser test runs on 127.0.0.1 in three workers. So that no test is throttled by another's
 * sign-ins or deliberate failures, each test signs in from an address of its own: the test
 * server trusts one proxy (TRUST_PROXY=1 in playwright.config.ts), and the page sends
 * `X-Forwarded-For` with a /64 of the documentation range no other test uses. A test that types
 * a wrong password on purpose also uses an account of its own (`newOwner`). The throttle itself
 * is tested in server/auth/throttle.test.ts.
 */
let addresses = 0
const freshAddress = () =>
  `2001:db8:${(process.pid % 0xffff).toString(16)}:${(addresses++).toString(16)}::1`

/** Sends this page's requests from a client address no other test uses. */
export async function useOwnAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshAddress() })
}

/**
 * A sign-in can still meet the admin account's limit of two checks at once while other workers
 * sign in as it: a person would wait and press again; these helpers do the same, a few times.
 */
const THROTTLE_RETRIES = 5

/**
 * Presses the login form's button until the page leaves the form, waiting out a 429. The form
 * empties its password field after a refusal, as it should, so each new try types it again.
 */
export async function submitLogin(
  page: Page,
  leavesTo: RegExp,
  password = adminCredentials.password,
) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/admin/login"), {
      timeout: 15_000,
    })
    await page.getByRole("button", { name: copy("fr", "admin:login.submit") }).click()
    const status = (await answer).status()
    if (status !== 429 || attempt === THROTTLE_RETRIES) break
    await page.waitForTimeout(1_000 * (attempt + 1))
    await page.getByLabel(copy("fr", "admin:login.password")).fill(password)
  }
  await expect(page).toHaveURL(leavesTo)
}

/** Signs in through the API (for tests that read the store), waiting out a 429 like submitLogin. */
export async function apiSignIn(request: APIRequestContext) {
  const headers = { "x-forwarded-for": freshAddress() }
  for (let attempt = 0; ; attempt++) {
    const answer = await request.post("/api/admin/login", { data: adminCredentials, headers })
    const status = answer.status()
    if (status !== 429 || attempt === THROTTLE_RETRIES) return expect(status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)))
  }
}

/** An owner account for one test, created by the admin: its name and first password. */
export async function newOwner(): Promise<{ username: string; password: string }> {
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    await apiSignIn(api)
    const username = uniqueTag("owner").toLowerCase()
    const created = await api.post("/api/admin/users", { data: { username, role: "owner" } })
    expect(created.status()).toBe(201)
    return { username, password: ((await created.json()) as { password: string }).password }
  } finally {
    await api.dispose()
  }
}

/** Signs in through the login form and waits for the page that was asked for. */
export async function signIn(page: Page, path = "/admin", account = adminCredentials) {
  await useOwnAddress(page)
  await page.goto(path)
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.getByLabel(copy("fr", "admin:login.username")).fill(account.username)
  await page.getByLabel(copy("fr", "admin:login.password")).fill(account.password)
  await submitLogin(page, new RegExp(`${path.replace(/[?]/g, "\\?")}$`), account.password)
}

/** Stores a message the way the contact form does, after a human's fill time (faster ones are filed as spam). */
export async function postMessage(
  page: Page,
  fields: { name: string; email?: string; message: string; language?: string; page?: string },
) {
  const response = await page.request.post("/SendMessage", {
    data: {
      name: fields.name,
      Email: fields.email ?? "visitor@example.com",
      Message: fields.message,
      Language: fields.language ?? "fr",
      Page: fields.page ?? "/contact",
      ElapsedMs: 9_000,
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** The rows of a downloaded CSV export, header first, without the byte-order mark. */
export async function csvRows(download: Download): Promise<string[][]> {
  const text = fs.readFileSync((await download.path())!, "utf8")
  expect(text.startsWith("\uFEFF")).toBe(true)
  return parseCsv(text.slice(1))
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (char === '"') {
      quoted = !quoted
    } else if (quoted || (char !== "," && char !== "\n")) {
      cell += char
    } else {
      row.push(char === "\n" ? cell.replace(/\r$/, "") : cell)
      cell = ""
      if (char === "\n") {
        rows.push(row)
        row = []
      }
    }
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

export const uniqueTag = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

import fs from "node:fs"
import { expect, type APIRequestContext, type Download, type Page } from "@playwright/test"
import { adminCredentials } from "../../playwright.config"
import { copy } from "../../src/test/copy"

export { adminCredentials }

/**
 * Every browser test signs in from 127.0.0.1 as the same account, two workers at a time. Once a
 * test has typed a wrong password there (on purpose), the login throttle lets one check of
 * that account run at a time from that address (docs/SECURITY.md) and answers the other 429.
 * A person would wait and press again; these helpers do the same, a few times at most. The
 * throttle itself is tested in server/security/login-throttle.test.ts.
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
  for (let attempt = 0; ; attempt++) {
    const status = (await request.post("/api/admin/login", { data: adminCredentials })).status()
    if (status !== 429 || attempt === THROTTLE_RETRIES) return expect(status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)))
  }
}

/** Signs in through the login form and waits for the page that was asked for. */
export async function signIn(page: Page, path = "/admin") {
  await page.goto(path)
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.getByLabel(copy("fr", "admin:login.username")).fill(adminCredentials.username)
  await page.getByLabel(copy("fr", "admin:login.password")).fill(adminCredentials.password)
  await submitLogin(page, new RegExp(`${path.replace(/[?]/g, "\\?")}$`))
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

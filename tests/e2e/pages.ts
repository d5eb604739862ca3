import { allRoutes, pageKeys } from "../../content-kit/page-routes"
import { languages, localizePath, type Language } from "../../src/i18n/languages"

/** Every public page of the route table, in every language. */
export const publicPages: { path: string; language: Language; canonicalPath: string }[] =
  pageKeys.flatMap((key) =>
    languages.map((language) => ({
      path: localizePath(allRoutes[key].path, language),
      language,
      canonicalPath: allRoutes[key].path,
    })),
  )

/** Lets a contact form pass the server's minimum fill time (a bot defence). */
export const HUMAN_FILL_MS = 2_800

/** The public origin the site was built for: canonical and alternate links use it. */
export const siteUrl = (process.env.SITE_URL ?? "http://localhost:8000").replace(/\/$/, "")

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function openReady(page: import("@playwright/test").Page, path: string) {
  const response = await page.goto(path)
  await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
  return response
}

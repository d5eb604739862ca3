// axe (WCAG 2.0/2.1 A and AA, 2.2 AA) for the browser tests: zero violations is the gate.
// axe-core itself (the engine @axe-core/playwright wraps) is loaded once per context as an init
// script: AxeBuilder injects it again on every analysis, which tripled the time per page.
import fs from "node:fs"
import { expect, type BrowserContext, type Page } from "@playwright/test"

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")

/** Makes axe available on every page of the context, from its next navigation on. */
export const useAxe = (context: BrowserContext) => context.addInitScript({ content: axeSource })

/**
 * The WCAG rules whose result depends on colours. In the dark theme only colours change
 * (src/theme/dark-variants.test.ts holds every `dark:` utility to that), so a page already clean
 * under every WCAG rule in the light theme needs only these in the dark one.
 */
const colourRules = ["color-contrast", "link-in-text-block"]

/**
 * The rules a public page is checked with in a theme, light first on the same page: every WCAG
 * rule, then in the dark theme the colour rules.
 */
export const rulesIn = (theme: "light" | "dark") => (theme === "light" ? "wcag" : "colours")

/**
 * One line per violation: rule, impact, and its first targets with axe's reason. The public
 * pages' gate runs the WCAG rules (`"wcag"`), and in the dark theme after a light pass, their
 * colour rules (`"colours"`); the admin's runs every rule axe runs by default, best practices
 * included (`"all"`), as AxeBuilder's analyze() did.
 */
export async function axeViolations(
  page: Page,
  rules: "wcag" | "colours" | "all" = "wcag",
): Promise<string[]> {
  type Violation = {
    id: string
    impact?: string
    help: string
    nodes: { target: string[]; failureSummary?: string }[]
  }
  const violations = await page.evaluate(
    (only) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
        }
      ).axe
        .run(document, {
          ...(only ? { runOnly: only } : {}),
          resultTypes: ["violations"],
        })
        .then((results) => results.violations),
    rules === "wcag"
      ? { type: "tag", values: tags }
      : rules === "colours"
        ? { type: "rule", values: colourRules }
        : null,
  )
  return violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 4).map((node) => {
      const reason = node.failureSummary?.split("\n")[1]?.trim() ?? ""
      return `\n      ${node.target.join(" ")}: ${reason}`
    })
    return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}${nodes.join("")}`
  })
}

/** Fails with every violation of the page (every default rule), named by `screen`; the context must `useAxe`. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  expect(await axeViolations(page, "all"), screen).toEqual([])
}

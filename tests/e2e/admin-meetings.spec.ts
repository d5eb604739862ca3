import AxeBuilder from "@axe-core/playwright"
import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { signIn } from "./admin-helpers"
import { withMeetings } from "./admin-meetings-fixtures"

const admin = (key: string) => copy("fr", `admin:${key}`)

for (const theme of ["light", "dark"] as const) {
  test(`the Meetings screen passes axe in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme)
    await withMeetings(page)
    await signIn(page, "/admin/meetings")
    await expect(page.getByTestId("meeting")).toHaveCount(3)
    await expect(page.getByTestId("availability-form")).toBeVisible()
    await expect(page.getByTestId("closure")).toHaveCount(1)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([])
  })
}

test("the Meetings screen's controls are reached from the keyboard, with a visible focus", async ({
  page,
}) => {
  await withMeetings(page)
  await signIn(page, "/admin/meetings")
  await expect(page.getByTestId("meeting")).toHaveCount(3)
  const done = page.getByRole("button", {
    name: copy("fr", "admin:meetings.markDoneLabel", { name: "Camille started" }),
  })
  const renew = page.getByRole("button", { name: admin("meetings.feed.renew") })
  const seen = new Set<string>()
  for (let presses = 0; presses < 200 && seen.size < 2; presses++) {
    await page.keyboard.press("Tab")
    for (const [name, control] of [
      ["done", done],
      ["renew", renew],
    ] as const)
      if (await control.evaluate((element) => element === document.activeElement)) {
        const outline = await control.evaluate((element) => getComputedStyle(element).outlineStyle)
        expect(outline).not.toBe("none")
        seen.add(name)
      }
  }
  expect([...seen].sort()).toEqual(["done", "renew"])
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("feed-url")).toHaveValue(
    "https://example.com/api/booking/feed/s3cr3t",
  )
})

import { configure, screen, within } from "@testing-library/react"
import axe from "axe-core"
import en from "../../../content/locales/en/admin.json"
import { NO_SOURCE } from "../../../contract/lead-source"
import { answer, renderAdmin, serveAdmin } from "../admin-test-harness"

jest.setTimeout(20_000)
configure({ asyncUtilTimeout: 5_000 })

const range = (low: number, high: number) => ({ low, high })
const quote = {
  inputs: {
    markets: ["FR", "AE"],
    criteria: ["region"],
    incidence: 40,
    lengthMinutes: 12,
    completesPerMarket: 300,
    quotas: true,
    fieldDays: 10,
  },
  estimate: {
    currency: "EUR",
    markets: [
      {
        market: "FR",
        verdict: "feasible",
        reachable: 5000,
        capacity: 900,
        cpi: range(7.5, 10.25),
        price: range(2250, 3075),
        daysInField: 6,
        suggestions: {},
      },
      {
        market: "AE",
        verdict: "tight",
        reachable: 800,
        capacity: 320,
        cpi: range(11, 14.5),
        price: range(3300, 4350),
        daysInField: null,
        suggestions: { fieldDays: 14 },
      },
    ],
    total: {
      verdict: "tight",
      completes: 600,
      price: range(5550, 7425),
      minimumApplied: false,
      daysInField: 9,
      suggestions: {},
    },
  },
  rateCardVersion: "rc-4f2a9b",
}
const lead = {
  id: "q1",
  createdAt: "2026-11-20T09:30:00.000Z",
  kind: "quote",
  status: "read",
  name: "Nadia",
  email: "nadia@example.com",
  company: "Acme",
  phone: null,
  message: "Panel study: FR, AE…",
  language: "en",
  page: "/en/estimate",
  spamReason: null,
  assignee: null,
  source: NO_SOURCE,
  quote,
}

function open(language: "en" | "fr" | "de", message: object = lead) {
  serveAdmin(
    "member",
    (path) =>
      path === "/api/admin/messages/q1"
        ? answer(message)
        : path === "/api/admin/assignees"
          ? answer([])
          : path.startsWith("/api/admin/messages/q1/")
            ? answer([])
            : undefined,
    language,
  )
  renderAdmin("/admin/messages/q1")
}

/** The cells of the row headed `name`, as the screen reader reads them. */
const cells = (table: HTMLElement, name: string) =>
  within(within(table).getByRole("rowheader", { name }).closest("tr")!)
    .getAllByRole("cell")
    .map((cell) => cell.textContent)

describe("a quote request's study in the message view", () => {
  it("shows each market's and the total's figures in their cells, in the admin's language", async () => {
    open("en")
    const panel = await screen.findByRole("region", { name: en.quote.title })
    const table = within(panel).getByRole("table")
    expect(cells(table, "France")).toEqual([
      en.quote.verdicts.feasible,
      "300",
      "€7.50 – €10.25",
      "€2,250.00 – €3,075.00",
      "6 days",
    ])
    expect(cells(table, "United Arab Emirates")).toEqual([
      en.quote.verdicts.tight,
      "300",
      "€11.00 – €14.50",
      "€3,300.00 – €4,350.00",
      en.quote.noDays,
    ])
    expect(cells(table, en.quote.total)).toEqual([
      en.quote.verdicts.tight,
      "600",
      en.common.none,
      "€5,550.00 – €7,425.00",
      "9 days",
    ])
    const inputs = Object.fromEntries(
      within(panel)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(inputs).toEqual({
      [en.quote.inputs.markets]: "France, United Arab Emirates",
      [en.quote.inputs.criteria]: "region",
      [en.quote.inputs.incidence]: "40 %",
      [en.quote.inputs.lengthMinutes]: "12 min",
      [en.quote.inputs.completesPerMarket]: "300",
      [en.quote.inputs.quotas]: en.quote.yes,
      [en.quote.inputs.fieldDays]: "10 days",
    })
    expect(panel).toHaveTextContent(en.quote.indicative)
    expect(panel).toHaveTextContent("rc-4f2a9b")

    const { violations } = await axe.run(document.body, {
      rules: { "color-contrast": { enabled: false } },
    })
    expect(violations.map((violation) => violation.id)).toEqual([])
  })

  it.each([
    ["de", /Angebotsanfrage/, "Frankreich", "2.250,00 € – 3.075,00 €"],
    ["fr", /Demande de devis/, "France", "2 250,00 € – 3 075,00 €"],
  ] as const)("formats the figures in %s", async (language, title, france, price) => {
    open(language)
    const table = await screen.findByRole("table", { name: title })
    // Intl's spaces are no-break ones (narrow in French): compared as spaces.
    expect(cells(table, france)[3]?.replace(/\s/g, " ")).toBe(price)
  })

  it("has no study panel for a plain message", async () => {
    const { quote: _, ...plain } = lead
    open("en", { ...plain, kind: "message" })
    await screen.findByTestId("message-text")
    expect(screen.queryByTestId("quote")).toBeNull()
  })
})

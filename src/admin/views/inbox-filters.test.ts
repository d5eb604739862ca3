import { apiQuery, inboxSearch, readInboxFilter } from "./inbox-filters"

describe("the inbox filter in the URL", () => {
  it("round-trips", () => {
    const filter = readInboxFilter(
      "?q=d%C3%A9mo&status=archived&from=2026-11-01&to=2026-11-22&assignee=me&page=3",
    )
    expect(filter).toEqual({
      q: "démo",
      status: "archived",
      from: "2026-11-01",
      to: "2026-11-22",
      assignee: "me",
      page: 3,
    })
    expect(readInboxFilter(inboxSearch(filter))).toEqual(filter)
    expect(apiQuery(filter)).toEqual({
      q: "démo",
      status: "archived",
      from: "2026-11-01",
      to: "2026-11-22",
      assignee: "me",
    })
  })

  it("drops what the API would refuse", () => {
    expect(readInboxFilter("?status=deleted&from=yesterday&assignee=someone&page=-2")).toEqual({
      q: "",
      status: "",
      from: "",
      to: "",
      assignee: "",
      page: 1,
    })
    expect(inboxSearch({ q: "  ", status: "", from: "", to: "", assignee: "", page: 1 })).toBe("")
  })
})

import { assign, type MemberLoad } from "./assign"

const load = (entries: Record<string, Partial<MemberLoad>>) =>
  new Map(
    Object.entries(entries).map(([id, l]) => [id, { upcoming: 0, lastAssignedAt: null, ...l }]),
  )

describe("assign", () => {
  test("the free member with the fewest upcoming meetings", () => {
    const slot = { memberIds: ["a", "b", "c"] }
    expect(assign(slot, load({ a: { upcoming: 3 }, b: { upcoming: 1 }, c: { upcoming: 2 } }))).toBe(
      "b",
    )
  })

  test("on a tie, the one assigned longest ago, never assigned first, then the smaller id", () => {
    const slot = { memberIds: ["c", "b", "a"] }
    expect(
      assign(
        slot,
        load({ a: { lastAssignedAt: 20 }, b: { lastAssignedAt: 10 }, c: { lastAssignedAt: 30 } }),
      ),
    ).toBe("b")
    expect(assign(slot, load({ a: { lastAssignedAt: 20 }, b: { lastAssignedAt: 10 } }))).toBe("c")
    expect(assign(slot, new Map())).toBe("a")
  })

  test("only the slot's free members are candidates", () => {
    expect(assign({ memberIds: ["b"] }, load({ a: {}, b: { upcoming: 9 } }))).toBe("b")
    expect(() => assign({ memberIds: [] }, new Map())).toThrow("without a free member")
  })

  test("meeting after meeting, it goes round", () => {
    const state = load({ a: {}, b: {}, c: {} })
    const given = Array.from({ length: 6 }, (_, at) => {
      const memberId = assign({ memberIds: ["a", "b", "c"] }, state)
      const { upcoming } = state.get(memberId)!
      state.set(memberId, { upcoming: upcoming + 1, lastAssignedAt: at })
      return memberId
    })
    expect(given).toEqual(["a", "b", "c", "a", "b", "c"])
  })
})

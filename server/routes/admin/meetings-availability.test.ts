import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"
import { addAccount } from "../../test/team"

const hours = (start: string) => ({
  email: null,
  zone: "Europe/Berlin",
  bookable: true,
  weekly: { "2": [{ start, end: "17:00" }] },
  timeOff: [],
})

describeEachStore("admin meetings: whose availability a member may set", (kind) => {
  let t: TestApp
  let owner: string
  let lea: { id: string; cookie: string }
  let max: { id: string; cookie: string }
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => Date.parse("2030-03-01T00:00:00Z") })
    owner = await signIn(t.app)
    lea = await addAccount(t.app, owner, "lea", "member")
    max = await addAccount(t.app, owner, "max", "member")
  })
  afterAll(() => t.close())

  const put = (cookie: string, memberId: string, start: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/meetings/availability/${memberId}`,
      headers: { cookie },
      payload: hours(start),
    })
  const weeklyOf = async (cookie: string, memberId: string) => {
    const settings = await t.app.inject({
      url: "/api/admin/meetings/settings",
      headers: { cookie },
    })
    expect(settings.statusCode).toBe(200)
    return settings.json().members.find((m: { memberId: string }) => m.memberId === memberId)
      ?.weekly
  }

  it("lets a member read and set their own hours, refuses another's with 403, lets an owner set everyone's", async () => {
    expect((await put(lea.cookie, lea.id, "08:00")).statusCode).toBe(200)
    expect(await weeklyOf(lea.cookie, lea.id)).toEqual({ "2": [{ start: "08:00", end: "17:00" }] })

    const before = await weeklyOf(owner, max.id)
    const refused = await put(lea.cookie, max.id, "06:00")
    expect([refused.statusCode, refused.json().error]).toEqual([403, "forbidden"])
    expect(await weeklyOf(owner, max.id)).toEqual(before)

    expect((await put(owner, max.id, "10:00")).statusCode).toBe(200)
    expect((await put(owner, lea.id, "11:00")).statusCode).toBe(200)
    expect(await weeklyOf(max.cookie, max.id)).toEqual({ "2": [{ start: "10:00", end: "17:00" }] })
    expect(await weeklyOf(lea.cookie, lea.id)).toEqual({ "2": [{ start: "11:00", end: "17:00" }] })
  })
})

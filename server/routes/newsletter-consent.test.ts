import { describeEachStore, type TestApp, testApp } from "../test/stores"

describeEachStore("newsletter consent record", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-11-22T09:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  const subscribe = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/newsletter", payload })

  it("stores the time of consent and the version of the wording shown", async () => {
    expect(
      (await subscribe({ email: "Lea@Example.fr", language: "fr", consentVersion: "2026-11-22" }))
        .statusCode,
    ).toBe(202)
    expect((await t.store.privacy.find("lea@example.fr")).subscription).toEqual({
      email: "lea@example.fr",
      language: "fr",
      subscribedAt: "2026-11-22T09:00:00.000Z",
      consentAt: "2026-11-22T09:00:00.000Z",
      consentVersion: "2026-11-22",
      // Without a mail server there is no link to confirm with: the subscription counts at once.
      confirmedAt: "2026-11-22T09:00:00.000Z",
    })
  })

  it("keeps the first consent when the address subscribes again", async () => {
    clock += 3_600_000
    expect(
      (await subscribe({ email: "lea@example.fr", language: "en", consentVersion: "2027-01-01" }))
        .statusCode,
    ).toBe(202)
    expect((await t.store.privacy.find("lea@example.fr")).subscription).toMatchObject({
      consentAt: "2026-11-22T09:00:00.000Z",
      consentVersion: "2026-11-22",
    })
  })

  it("accepts a request without a version (older clients), and refuses a malformed one", async () => {
    expect((await subscribe({ email: "old@example.fr", language: "de" })).statusCode).toBe(202)
    expect((await t.store.privacy.find("old@example.fr")).subscription).toMatchObject({
      consentVersion: null,
      consentAt: expect.any(String),
    })
    for (const consentVersion of ["", "v 1", "x".repeat(41), 3, "<b>"]) {
      expect(
        (await subscribe({ email: "bad@example.fr", language: "fr", consentVersion })).statusCode,
      ).toBe(400)
    }
  })
})

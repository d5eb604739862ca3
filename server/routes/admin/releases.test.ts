import type { ReleaseError, ReleasesOverview } from "../../../contract/releases"
import { READY, recordRelease } from "../../test/releases"
import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

describeEachStore("the admin's list of releases", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(() => t.close())

  it("shows a failure kind this code does not know as internal, never a 500", async () => {
    // Written by a newer version, before the operator rolled the code back.
    const id = "20270101T080000Z-local-0000aa"
    const newer = "a_kind_from_a_newer_version" as ReleaseError
    await recordRelease(
      t.store.releases,
      {
        id,
        kind: "live",
        trigger: "admin",
        actor: "admin",
        started_at: 1,
        preview_token: null,
      },
      { ...READY, status: "failed", error_code: newer },
    )
    const answer = await t.app.inject({
      url: "/api/admin/releases",
      headers: { cookie: await signIn(t.app) },
    })
    expect(answer.statusCode).toBe(200)
    const [release] = (answer.json() as ReleasesOverview).releases
    expect(release).toMatchObject({ id, status: "failed", errorCode: "internal" })
  })
})

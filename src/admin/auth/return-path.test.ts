import { loginPath, returnPathFrom, safeReturnPath } from "./return-path"

describe("the return path", () => {
  it("remembers the admin page asked for", () => {
    expect(loginPath("/admin/messages?status=spam")).toBe(
      "/admin/login?next=%2Fadmin%2Fmessages%3Fstatus%3Dspam",
    )
    expect(returnPathFrom("?next=%2Fadmin%2Fmessages%3Fstatus%3Dspam")).toBe(
      "/admin/messages?status=spam",
    )
  })

  it("goes to the dashboard by default", () => {
    expect(loginPath("/admin")).toBe("/admin/login")
    expect(loginPath()).toBe("/admin/login")
    expect(returnPathFrom("")).toBe("/admin")
  })

  it.each([
    "//evil.example/admin",
    "https://evil.example",
    "/about",
    "/administrator",
    "/admin/login?next=/admin",
  ])("refuses %s", (target) => {
    expect(safeReturnPath(target)).toBeNull()
    expect(returnPathFrom(`?next=${encodeURIComponent(target)}`)).toBe("/admin")
  })
})

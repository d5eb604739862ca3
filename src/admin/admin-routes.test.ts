import { matchAdminRoute } from "./admin-routes"

describe("admin routes", () => {
  it.each([
    ["/admin", { view: "dashboard" }],
    ["/admin/", { view: "dashboard" }],
    ["/admin/login", { view: "login" }],
    ["/admin/messages", { view: "inbox" }],
    ["/admin/messages/3f2a-b1", { view: "message", id: "3f2a-b1" }],
    ["/admin/meetings", { view: "meetings" }],
    ["/admin/account", { view: "account" }],
    ["/admin/publishing/", { view: "publishing" }],
    ["/admin/data", { view: "data" }],
    ["/admin/deliveries", { view: "deliveries" }],
    ["/admin/management", { view: "management" }],
    ["/admin/audience", { view: "audience" }],
    ["/admin/messages/a/b", { view: "notFound" }],
    ["/admin/settings", { view: "notFound" }],
    ["/admin/constructor", { view: "notFound" }],
    ["/admin/messages/%E0%A4%A", { view: "notFound" }],
  ])("%s", (path, route) => {
    expect(matchAdminRoute(path)).toEqual(route)
  })
})

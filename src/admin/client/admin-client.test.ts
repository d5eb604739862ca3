import {
  ApiError,
  call,
  endpoints,
  login,
  onUnauthorized,
  queryString,
  UnauthorizedError,
} from "./admin-client"

const response = (status: number, body?: unknown) =>
  ({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  }) as unknown as Response

describe("the admin API client", () => {
  let fetchMock: jest.Mock
  beforeEach(() => {
    fetchMock = jest.fn()
    global.fetch = fetchMock
  })

  it("sends the session cookie and the filter, without empty parameters", async () => {
    fetchMock.mockResolvedValue(response(200, { items: [], total: 0, page: 2, pageSize: 20 }))
    await call(endpoints.listMessages, {
      query: { q: "démo", status: "archived", from: "", page: 2 },
    })
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/messages?q=d%C3%A9mo&status=archived&page=2",
      expect.objectContaining({ credentials: "include" }),
    )
  })

  it("calls the 401 handler and rejects with UnauthorizedError", async () => {
    const handler = jest.fn()
    const unregister = onUnauthorized(handler)
    fetchMock.mockResolvedValue(response(401, { error: "unauthorized" }))
    await expect(call(endpoints.listMessages)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(handler).toHaveBeenCalledTimes(1)
    unregister()
    await expect(call(endpoints.listMessages)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it("does not treat a wrong password at login or at a password change as a lost session", async () => {
    const handler = jest.fn()
    const unregister = onUnauthorized(handler)
    fetchMock.mockResolvedValueOnce(response(401, { error: "invalid_credentials" }))
    expect(await login("admin", "nope")).toEqual({ ok: false, reason: "invalid" })
    fetchMock.mockResolvedValueOnce(response(429, { error: "too_many_attempts" }))
    expect(await login("admin", "nope")).toEqual({ ok: false, reason: "throttled" })
    fetchMock.mockRejectedValueOnce(new TypeError("network"))
    expect(await login("admin", "nope")).toEqual({ ok: false, reason: "failed" })
    fetchMock.mockResolvedValueOnce(response(400, { error: "wrong_password" }))
    await expect(
      call(endpoints.changePassword, {
        body: { currentPassword: "nope", newPassword: "a-long-new-password" },
      }),
    ).rejects.toEqual(new ApiError(400, "wrong_password"))
    expect(handler).not.toHaveBeenCalled()
    unregister()
  })

  it("builds query strings", () => {
    expect(queryString({})).toBe("")
    expect(queryString({ q: "a&b", page: 1, to: undefined })).toBe("?q=a%26b&page=1")
  })
})

describe("calls derived from the table of endpoints", () => {
  let fetchMock: jest.Mock
  beforeEach(() => {
    fetchMock = jest.fn().mockResolvedValue(response(200, { changed: 2 }))
    global.fetch = fetchMock
  })

  it("sends each call with its entry's method and path, parameters encoded, body as JSON", async () => {
    expect(
      await call(endpoints.bulkMessages, { body: { ids: ["a", "b"], action: "archived" } }),
    ).toEqual({ changed: 2 })
    await call(endpoints.setMessageStatus, { params: { id: "a/b c" }, body: { status: "read" } })
    await call(endpoints.sendTestEvent, { params: { index: "3" } })
    await call(endpoints.getSourceCounts, { query: { days: 30 } })
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ["/api/admin/messages/bulk", "POST", '{"ids":["a","b"],"action":"archived"}'],
      ["/api/admin/messages/a%2Fb%20c", "PATCH", '{"status":"read"}'],
      ["/api/admin/webhooks/3/test", "POST", undefined],
      ["/api/admin/sources?days=30", "GET", undefined],
    ])
    expect(fetchMock.mock.calls[0][1].headers).toEqual({ "Content-Type": "application/json" })
  })

  it("answers null for a 204 without reading a body", async () => {
    const json = jest.fn()
    fetchMock.mockResolvedValue({ ok: true, status: 204, json, headers: new Headers() })
    expect(await call(endpoints.removeUser, { params: { id: "u1" } })).toBeNull()
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/users/u1",
      expect.objectContaining({ method: "DELETE", credentials: "include" }),
    )
    expect(json).not.toHaveBeenCalled()
  })
})

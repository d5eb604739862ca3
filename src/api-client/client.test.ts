import { confirmSubscription, subscribeToNewsletter, unsubscribe } from "./client"

const response = (status: number, body?: unknown) =>
  ({
    ok: status < 400,
    status,
    json: async () => (body === undefined ? Promise.reject(new SyntaxError("no body")) : body),
    headers: new Headers(),
  }) as unknown as Response

describe("subscribeToNewsletter", () => {
  const payload = { email: "lea@example.fr", language: "fr" as const }

  it.each([
    [202, { status: "subscribed" }, "subscribed"],
    [202, { status: "confirmation_sent" }, "pending"],
    [202, undefined, "subscribed"],
    // The old answers are not this server's: 201 and 200 are no longer sent.
    [201, { status: "subscribed" }, "error"],
    [200, { status: "already_subscribed" }, "error"],
    [503, { error: "mail_unavailable" }, "error"],
    [400, { error: "invalid_body" }, "error"],
  ])("reads %i %j as %s", async (status, body, expected) => {
    global.fetch = jest.fn().mockResolvedValue(response(status, body))
    expect(await subscribeToNewsletter(payload)).toBe(expected)
  })

  it("reads a network failure as an error", async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError("offline"))
    expect(await subscribeToNewsletter(payload)).toBe("error")
  })
})

describe("the newsletter links' POSTs", () => {
  it.each([
    [200, "done"],
    [404, "unknown"],
    [400, "error"],
    [503, "error"],
  ])("read %i as %s, and send the token as JSON", async (status, expected) => {
    const fetchMock = jest.fn().mockResolvedValue(response(status, {}))
    global.fetch = fetchMock
    expect(await confirmSubscription("abc")).toBe(expected)
    expect(await unsubscribe("abc")).toBe(expected)
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init.body])).toEqual([
      ["/api/newsletter/confirm", '{"token":"abc"}'],
      ["/api/newsletter/unsubscribe", '{"token":"abc"}'],
    ])
  })
})

import { mailtoHref } from "./mailto"

describe("mailtoHref", () => {
  it("keeps an ordinary address readable and encodes the subject", () => {
    expect(mailtoHref("eve@example.com", { subject: "Re: a & b" })).toBe("mailto:eve@example.com?subject=Re%3A%20a%20%26%20b")
  })

  it.each([
    ["x?bcc=spy@evil.example", "mailto:x%3Fbcc%3Dspy@evil.example"],
    ["a&cc=b@example.com", "mailto:a%26cc%3Db@example.com"],
    ["a%40b@example.com", "mailto:a%2540b@example.com"],
    ["a#x@example.com", "mailto:a%23x@example.com"],
  ])("cannot add recipients or fields through the address %p", (address, href) => {
    expect(mailtoHref(address, {})).toBe(href)
    const url = new URL(mailtoHref(address, { subject: "Hi" }))
    expect([...url.searchParams.keys()]).toEqual(["subject"])
    expect(decodeURIComponent(url.pathname)).toBe(address)
  })
})

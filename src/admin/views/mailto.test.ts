import { MAX_QUOTED_CHARS, mailtoAddress, mailtoHref, quote } from "./mailto"

describe("the Reply link", () => {
  it("encodes every part: an address or text cannot add recipients or headers", () => {
    const href = mailtoHref(
      "eve@example.com?cc=boss@corp.example&bcc=x@y.example",
      "Re: a&b=c",
      "line 1\r\nbcc: x@y.example",
    )
    const url = new URL(href)
    expect(url.protocol).toBe("mailto:")
    expect([...url.searchParams.keys()]).toEqual(["subject", "body"])
    expect(url.searchParams.get("subject")).toBe("Re: a&b=c")
    expect(url.searchParams.get("body")).toBe("line 1\r\nbcc: x@y.example")
    expect(decodeURIComponent(url.pathname)).toBe(
      "eve@example.com?cc=boss@corp.example&bcc=x@y.example",
    )
    expect(url.pathname).not.toMatch(/[?&]/)
  })

  it("keeps a plain address readable", () => {
    expect(mailtoHref("anna.schmidt+sales@example.de", "Hallo", "")).toBe(
      "mailto:anna.schmidt%2Bsales@example.de?subject=Hallo&body=",
    )
    expect(mailtoAddress("a?cc=b@c.example")).toBe("mailto:a%3Fcc%3Db@c.example")
  })

  it("quotes the message line by line under its attribution, and cuts a long one", () => {
    expect(quote("Anna wrote:", "Hello\n\nA demo?", "[…]")).toBe(
      "\n\nAnna wrote:\n> Hello\n>\n> A demo?\n",
    )
    const long = quote("A:", "x".repeat(MAX_QUOTED_CHARS + 500), "[…]")
    expect(long.length).toBeLessThan(MAX_QUOTED_CHARS + 20)
    expect(long.trimEnd().endsWith("[…]")).toBe(true)
  })
})

describe("mailto links", () => {
  it("keeps an ordinary address readable and encodes the subject", () => {
    expect(mailtoHref("eve@example.com", "Re: a & b", "")).toBe(
      "mailto:eve@example.com?subject=Re%3A%20a%20%26%20b&body=",
    )
  })

  it.each([
    ["x?bcc=spy@evil.example", "mailto:x%3Fbcc%3Dspy@evil.example"],
    ["a&cc=b@example.com", "mailto:a%26cc%3Db@example.com"],
    ["a%40b@example.com", "mailto:a%2540b@example.com"],
    ["a#x@example.com", "mailto:a%23x@example.com"],
  ])("cannot add recipients or fields through the address %p", (address, href) => {
    expect(mailtoAddress(address)).toBe(href)
    const url = new URL(mailtoHref(address, "Hi", "cc=x@example.com\n&bcc=y@example.com"))
    expect([...url.searchParams.keys()]).toEqual(["subject", "body"])
    expect(decodeURIComponent(url.pathname)).toBe(address)
  })
})

import { escapeMarkup, escapeText } from "./markup"

describe("the markup escaper", () => {
  it("escapes the five markup characters in attributes, three between tags", () => {
    expect(escapeMarkup(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    )
    expect(escapeText(`"R&D" <team>`)).toBe(`"R&amp;D" &lt;team&gt;`)
  })

  it("drops what XML 1.0 forbids and keeps every other character", () => {
    const forbidden = "\u0000\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uDFFF\uD800"
    expect(escapeMarkup(`a${forbidden}b`)).toBe("ab")
    const kept = "tab\there\nline\r\nété 😀 \u00A0 مرحبا"
    expect(escapeMarkup(kept)).toBe(kept)
  })
})

import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { checkBlog } from "./blog"
import { refusedMarkup } from "./markdown-markup"

// Raw HTML in a post reaches the public page (issue 46 finding 2): the check lets through only
// a few bare inline tags and links to http, https, mailto and tel.
describe("markup in a post's Markdown", () => {
  const refused = (markdown: string) => refusedMarkup(markdown).map((r) => r.what)

  it.each([
    ["<script>alert(1)</script>", "raw HTML <script> is refused"],
    ["<script\nsrc=/x.js>", "raw HTML <script> is refused"],
    ['<img src="x" onerror="alert(1)">', "raw HTML <img> is refused"],
    ["<b onclick=alert(1)>bold</b>", "raw HTML <b> with attributes is refused"],
    ['<iframe src="https://x"></iframe>', "raw HTML <iframe> is refused"],
    ["<object>", "raw HTML <object> is refused"],
    ["<embed>", "raw HTML <embed> is refused"],
    ["<style>p{}</style>", "raw HTML <style> is refused"],
    ["<form>", "raw HTML <form> is refused"],
    ['<a href="javascript:alert(1)">x</a>', "raw HTML <a> is refused"],
    ["`<script>alert(1)</script>`", "raw HTML <script> is refused"],
    ["<img/src=x/onerror=alert`1`//@x>", "raw HTML <img> is refused"],
    ["[x](javascript:alert(1))", 'a link to a "javascript:" address is refused'],
    ["[x]( JaVaScRiPt:alert(1))", 'a link to a "javascript:" address is refused'],
    ["[x](java&#x09;script:alert(1))", 'a link to a "javascript:" address is refused'],
    ["[x](&#106;avascript:alert(1))", 'a link to a "javascript:" address is refused'],
    ["[x](javascript&colon;alert(1))", 'a link to a "javascript:" address is refused'],
    ["[x](<vbscript:msgbox>)", 'a link to a "vbscript:" address is refused'],
    ["![x](data:image/svg+xml;base64,PHN2Zz4=)", 'a link to a "data:" address is refused'],
    ["[x]: javascript:alert(1)\n\n[a][x]", 'a link to a "javascript:" address is refused'],
    ["<javascript:alert(1)>", 'a link to a "javascript:" address is refused'],
    ["[x](&jopf;avascript:alert(1))", "a link whose address starts with a character reference"],
    ["<!DOCTYPE html>", "raw HTML declarations are refused"],
  ])("refuses %j", (markdown, what) => {
    expect(refused(markdown)[0]).toContain(what)
  })

  it("names each refusal once per line", () => {
    expect(refused("[x](<vbscript:msgbox>)")).toHaveLength(1)
  })

  it("lets text, safe links and a few bare inline tags through", () => {
    const markdown = [
      "A **post** with [a link](https://example.com), [a page](/contact) and [an anchor](#top).",
      "![A photo](./photo.png) [mail](mailto:a@b.c), [phone](tel:+33100000000), <https://x.org>, <a@b.c>.",
      'H<sub>2</sub>O, x<sup>2</sup>, <abbr title="Net Promoter Score">NPS</abbr>, a<br>b, a<br/>b.',
      "3 < 5 and 5 > 3, <!-- a comment -->",
    ].join("\n")
    expect(refusedMarkup(markdown)).toEqual([])
  })

  it("is refused by the content check, which names the file and the line", () => {
    const blog = fs.mkdtempSync(path.join(os.tmpdir(), "markup-"))
    try {
      fs.mkdirSync(path.join(blog, "post"))
      fs.writeFileSync(
        path.join(blog, "post/index.fr.md"),
        "---\ntitle: T\ndescription: D\ndate: 2026-01-10\n---\n\nText.\n\n<script>alert(1)</script>\n" +
          "[x](javascript:alert(1))\n",
      )
      expect(checkBlog(blog).errors).toEqual([
        "blog/post/index.fr.md:9: raw HTML <script> is refused (write Markdown; allowed bare: abbr, b, br, del, em, i, ins, kbd, mark, s, small, strong, sub, sup, u, wbr)",
        "blog/post/index.fr.md:9: raw HTML </script> is refused (write Markdown; allowed bare: abbr, b, br, del, em, i, ins, kbd, mark, s, small, strong, sub, sup, u, wbr)",
        'blog/post/index.fr.md:10: a link to a "javascript:" address is refused (http, https, mailto and tel are allowed)',
      ])
    } finally {
      fs.rmSync(blog, { recursive: true, force: true })
    }
  })
})

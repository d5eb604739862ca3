import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { prePaintThemeScript } from "../src/theme/theme"
import { LOADER } from "./defer-bundles"
import { finish } from "./finish"

describe("finish", () => {
  let dir: string
  const inline = prePaintThemeScript
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-"))
    fs.mkdirSync(path.join(dir, "about"))
    fs.writeFileSync(
      path.join(dir, "index.html"),
      `<html><head><script>${inline}</script><script type="application/ld+json">{}</script><script ` +
        `src="/app.js"></script></head><body>${"x".repeat(2000)}</body></html>`,
    )
    fs.writeFileSync(path.join(dir, "about/index.html"), "<html><body>tiny</body></html>")
    fs.mkdirSync(path.join(dir, "contact"))
    const slice =
      '<!-- slice-start id="_gatsby-scripts-1" --><script src="/app-1.js" ' +
      'async></script><!-- slice-end id="_gatsby-scripts-1" -->'
    fs.writeFileSync(
      path.join(dir, "contact/index.html"),
      `<html><body>${"y".repeat(2000)}${slice}</body></html>`,
    )
    fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js"), "console.log(1);".repeat(100))
    fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js.map"), "{}".repeat(1000))
    fs.writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(4000))
    await finish(dir)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("records the hash of each page's executable inline scripts", () => {
    const hashes = JSON.parse(fs.readFileSync(path.join(dir, "csp-hashes.json"), "utf8"))
    expect(hashes).toEqual({
      "/index.html": [`'sha256-${createHash("sha256").update(inline).digest("base64")}'`],
      "/about/index.html": [],
      "/contact/index.html": [`'sha256-${createHash("sha256").update(LOADER).digest("base64")}'`],
    })
  })

  it("gives no hash to an inline script the build did not write, and fails naming its page", async () => {
    const injected = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-injected-"))
    try {
      fs.cpSync(dir, injected, { recursive: true })
      fs.rmSync(path.join(injected, "csp-hashes.json"))
      const page = path.join(injected, "contact/index.html")
      fs.writeFileSync(
        page,
        fs.readFileSync(page, "utf8").replace("<body>", "<body><p>Hi</p><script>alert(1)</script>"),
      )
      await expect(finish(injected)).rejects.toThrow(
        /the build did not write.*\n {2}\/contact\/index\.html: "alert\(1\)"/,
      )
      expect(fs.existsSync(path.join(injected, "csp-hashes.json"))).toBe(false)
    } finally {
      fs.rmSync(injected, { recursive: true, force: true })
    }
  })

  it.each([
    '<img src="x" onerror="alert(1)">',
    "<svg><a xlink:href='javascript:alert(1)'>x</a></svg>",
    '<a href="&#106;avascript:alert(1)">x</a>',
  ])("fails on a page holding %s, which the build never writes", async (markup) => {
    const injected = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-attribute-"))
    try {
      fs.cpSync(dir, injected, { recursive: true })
      const page = path.join(injected, "about/index.html")
      fs.writeFileSync(page, fs.readFileSync(page, "utf8").replace("tiny", markup))
      await expect(finish(injected)).rejects.toThrow("/about/index.html: ")
    } finally {
      fs.rmSync(injected, { recursive: true, force: true })
    }
  })

  it("hands a Gatsby page's bundles to the after-paint loader before hashing and compressing it", () => {
    const page = path.join(dir, "contact/index.html")
    const html = fs.readFileSync(page, "utf8")
    expect(html).toContain(`<script data-bundles="/app-1.js">${LOADER}</script>`)
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page}.br`)).toString("utf8")).toBe(html)
  })

  it("removes source maps from the public folder, so that production serves no source", () => {
    expect(fs.existsSync(path.join(dir, "app-0123456789abcdef0123.js.map"))).toBe(false)
    expect(fs.existsSync(path.join(dir, "app-0123456789abcdef0123.js"))).toBe(true)
  })

  it("fails loudly on a build where no page has Gatsby's script slice, and on an empty one", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-bare-"))
    try {
      await expect(finish(bare)).rejects.toThrow("no HTML page")
      fs.writeFileSync(
        path.join(bare, "index.html"),
        `<html><body>${"z".repeat(2000)}<script src="/app-1.js" async></script></body></html>`,
      )
      await expect(finish(bare)).rejects.toThrow("_gatsby-scripts-1")
    } finally {
      fs.rmSync(bare, { recursive: true, force: true })
    }
  })

  it("passes again over a build it already rewrote, keeping the copies it wrote", async () => {
    await expect(finish(dir)).resolves.toMatchObject({
      deferred: 0,
      withLoader: 1,
      compressed: 0,
      kept: 3,
    })
  })

  it("compresses again only a file whose copies no longer hold it, after an incremental build", async () => {
    const again = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-again-"))
    try {
      fs.cpSync(dir, again, { recursive: true })
      const changed = path.join(again, "app-0123456789abcdef0123.js")
      fs.writeFileSync(changed, "console.log(2);".repeat(100))
      const damaged = path.join(again, "contact/index.html")
      fs.writeFileSync(`${damaged}.gz`, Buffer.from("not gzip"))
      const same = path.join(again, "index.html")
      // A copy of another body that starts like this one's (a longer page cut short) is not kept.
      const page = fs.readFileSync(same)
      fs.writeFileSync(`${same}.gz`, zlib.gzipSync(Buffer.concat([page, Buffer.from("more")])))
      await expect(finish(again)).resolves.toMatchObject({ compressed: 3, kept: 0 })
      for (const file of [changed, damaged, same]) {
        const body = fs.readFileSync(file)
        expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(body)).toBe(true)
        expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(body)).toBe(true)
      }
      fs.utimesSync(`${changed}.br`, 0, 0)
      await expect(finish(again)).resolves.toMatchObject({ compressed: 0, kept: 3 })
      expect(fs.statSync(`${changed}.br`).mtimeMs).toBe(0)
    } finally {
      fs.rmSync(again, { recursive: true, force: true })
    }
  })

  it("writes Brotli and gzip copies of text files worth compressing, and only those", () => {
    const js = path.join(dir, "app-0123456789abcdef0123.js")
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).equals(fs.readFileSync(js))).toBe(
      true,
    )
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).equals(fs.readFileSync(js))).toBe(true)
    expect(fs.existsSync(path.join(dir, "index.html.br"))).toBe(true)
    for (const skipped of [
      "about/index.html.br",
      "app-0123456789abcdef0123.js.map.br",
      "photo.png.gz",
    ]) {
      expect([skipped, fs.existsSync(path.join(dir, skipped))]).toEqual([skipped, false])
    }
  })
})

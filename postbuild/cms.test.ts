/**
 * @jest-environment node
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { CMS_DIST_SCRIPT, CMS_SCRIPT, writeCms } from "./cms"
import { CMS_FONT_URLS, copyCmsFonts, fontsourceFont, localizeCmsFonts } from "./cms-fonts"

const fonts = CMS_FONT_URLS.map(fontsourceFont)

describe("Sveltia CMS's fonts", () => {
  it("maps each CDN URL to the fontsource package, version and file of the same font", () => {
    expect(
      fonts.map(({ packageName, version, fileName, localPath }) => ({
        packageName,
        version,
        fileName,
        localPath,
      })),
    ).toEqual([
      {
        packageName: "@fontsource-variable/source-sans-3",
        version: "5.3.0",
        fileName: "source-sans-3-latin-wght-normal.woff2",
        localPath: "/cms/fonts/source-sans-3-latin-wght-normal.woff2",
      },
      {
        packageName: "@fontsource/noto-mono",
        version: "5.3.0",
        fileName: "noto-mono-latin-400-normal.woff2",
        localPath: "/cms/fonts/noto-mono-latin-400-normal.woff2",
      },
      {
        packageName: "@fontsource-variable/material-symbols-outlined",
        version: "5.3.7",
        fileName: "material-symbols-outlined-latin-wght-normal.woff2",
        localPath: "/cms/fonts/material-symbols-outlined-latin-wght-normal.woff2",
      },
    ])
    expect(() => fontsourceFont("https://fonts.example.org/inter.woff2")).toThrow(
      /Not a fontsource CDN URL/,
    )
  })

  it("rewrites every occurrence of the CDN URLs to this site's paths", () => {
    const face = (url: string) =>
      `@font-face {font-family:'X';src:url(${url})\n      format('woff2');}`
    const script = `const css = \`${CMS_FONT_URLS.map(face).join("\n")}\`; preload("${CMS_FONT_URLS[0]}")`
    const local = localizeCmsFonts(script, fonts)
    expect(local).not.toContain("cdn.jsdelivr.net")
    expect(local).toContain("src:url(/cms/fonts/source-sans-3-latin-wght-normal.woff2)\n")
    expect(local).toContain('preload("/cms/fonts/source-sans-3-latin-wght-normal.woff2")')
    expect(local).toContain("src:url(/cms/fonts/material-symbols-outlined-latin-wght-normal.woff2)")
  })

  it("fails when an expected CDN URL is gone (a Sveltia version with other fonts)", () => {
    const bumped = CMS_FONT_URLS.map((url) => `src:url(${url.replace("@5.3.7", "@5.3.9")})`).join(
      "\n",
    )
    expect(() => localizeCmsFonts(bumped, fonts)).toThrow(
      /no longer references these fonts: .*material-symbols-outlined:vf@5\.3\.7/,
    )
  })

  it("fails when a font would still come from another origin", () => {
    const all = CMS_FONT_URLS.map((url) => `src:url(${url})`).join("\n")
    const extra =
      "https://cdn.jsdelivr.net/fontsource/fonts/noto-sans-jp@5.3.0/japanese-400-normal.woff2"
    expect(() => localizeCmsFonts(`${all}\n@font-face{src:url(${extra})}`, fonts)).toThrow(
      /still names cdn\.jsdelivr\.net or a font on another origin.*noto-sans-jp/,
    )
    expect(() =>
      localizeCmsFonts(
        `${all}\n@font-face {font-family:'Y';src:url("//fonts.example.org/y.woff2")}`,
        fonts,
      ),
    ).toThrow(/fonts\.example\.org/)
    expect(
      localizeCmsFonts(`${all}\n@font-face {src:url(data:font/woff2;base64,AAAA)}`, fonts),
    ).toContain("data:font/woff2")
  })

  it("refuses a package whose installed version is not the URL's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-fonts-"))
    const wrong = { ...fonts[1], version: "5.2.5" }
    await expect(copyCmsFonts(dir, [wrong])).rejects.toThrow(
      /@fontsource\/noto-mono is 5\.3\.0, but Sveltia CMS uses 5\.2\.5/,
    )
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

describe("the CMS written at build", () => {
  let root: string
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-build-"))
    await writeCms(root, "content")
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it("has a script that loads nothing from the CDN, and every font it names is there", () => {
    const script = fs.readFileSync(path.join(root, CMS_SCRIPT), "utf8")
    expect(script).not.toContain("cdn.jsdelivr.net")
    const referenced = [
      ...new Set(Array.from(script.matchAll(/\/cms\/fonts\/[^)"'`\s]+/g), (match) => match[0])),
    ].sort()
    expect(referenced).toEqual(fonts.map((font) => font.localPath).sort())
    for (const url of referenced) {
      const file = fs.readFileSync(path.join(root, url))
      expect(file.subarray(0, 4).toString("latin1")).toBe("wOF2")
    }
    expect(fs.readdirSync(path.join(root, "cms/fonts")).sort()).toEqual(
      fonts.map((font) => font.fileName).sort(),
    )
  })

  it("changes nothing else in Sveltia's script", () => {
    const original = fs.readFileSync(CMS_DIST_SCRIPT, "utf8")
    const copied = fs.readFileSync(path.join(root, CMS_SCRIPT), "utf8")
    expect(fonts.reduce((text, font) => text.split(font.localPath).join(font.url), copied)).toBe(
      original,
    )
  })
})

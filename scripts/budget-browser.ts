// The budget as a browser sees it (part of npm run budget, after npm run build): every public
// page on the real server, phone and desktop. On first load, at most two font files and the
// JavaScript actually fetched (gzip -9 of those files, as scripts/budget.ts counts); after
// scrolling through the page, no <img> whose file is larger than it is displayed. Phone: every
// page in every language; desktop: the French pages (layouts do not change with the language).
// JavaScript is printed for information (scripts/budget.ts gates it): what is fetched by the
// load event, and by the time the network is idle, which adds chunks loaded after hydration.
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { chromium, type Page } from "playwright-core"
import { locateContent } from "../content-kit/locate"
import { allRoutes, pageKeys } from "../content-kit/page-routes"
import { blogPostPath } from "../content-kit/routes"
import { languages, localizePath } from "../src/i18n/languages"
import { fileBytes, printImageBytes, type ImageBytes } from "./budget-images"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium"
import { PUBLIC, requireBuild } from "./require-build"
import { startSiteServer } from "./site-server"

const KB = 1024
const goals = { fonts: 2 }
// srcset offers a few widths: the chosen file may be up to this much wider than its box on screen.
const IMAGE_SLACK = 1.5
/** Pages visited at once. */
const LANES = 3
const viewports = {
  phone: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true },
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false },
}

const blogSlugs = fs
  .readdirSync(path.join(locateContent(), "blog"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const pages = languages.flatMap((language) => [
  ...pageKeys.map((key) => localizePath(allRoutes[key].path, language)),
  ...blogSlugs.map((slug) => localizePath(blogPostPath(slug), language)),
])

const gzipSizes = new Map<string, number>()
function gzipSize(urlPath: string): number {
  if (!gzipSizes.has(urlPath)) {
    const file = path.join(PUBLIC, decodeURIComponent(urlPath))
    gzipSizes.set(
      urlPath,
      fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0,
    )
  }
  return gzipSizes.get(urlPath)!
}

type Visit = {
  page: string
  viewport: string
  jsAtLoad: number
  jsAtIdle: number
  fonts: string[]
  oversized: string[]
  images: ImageBytes
}

async function visit(
  page: Page,
  origin: string,
  pagePath: string,
  viewport: string,
): Promise<Visit> {
  const scripts = new Set<string>()
  const fonts = new Set<string>()
  const images = new Set<string>()
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    const url = new URL(response.url())
    if (url.origin !== origin) return
    const type = response.request().resourceType()
    if (type === "script") scripts.add(url.pathname)
    if (type === "font") fonts.add(url.pathname)
    if (type === "image") images.add(url.pathname)
  }
  page.on("response", onResponse)
  const jsSize = () => [...scripts].reduce((total, script) => total + gzipSize(script), 0)
  await page.goto(`${origin}${encodeURI(pagePath)}`)
  const jsAtLoad = jsSize()
  const imagesAtLoad = fileBytes(PUBLIC, images)
  await page.waitForLoadState("networkidle")
  const jsAtIdle = jsSize()
  const firstLoadFonts = [...fonts]

  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  await page.waitForFunction(
    () => [...document.images].every((image) => image.complete),
    undefined,
    { timeout: 10_000 },
  )
  page.off("response", onResponse)
  const imagesBytes: ImageBytes = {
    atLoad: imagesAtLoad,
    afterScroll: fileBytes(PUBLIC, images),
    files: images.size,
  }
  const oversized = await page.evaluate((slack) => {
    return [...document.images]
      .filter((image) => image.complete && image.naturalWidth > 0)
      .flatMap((image) => {
        const box = image.getBoundingClientRect()
        const needed = Math.ceil(Math.max(box.width, 1) * window.devicePixelRatio)
        return image.naturalWidth > needed * slack
          ? [
              `${image.currentSrc} is ${image.naturalWidth} px wide, shown at ` +
                `${Math.round(box.width)} CSS px x ${window.devicePixelRatio}`,
            ]
          : []
      })
  }, IMAGE_SLACK)
  return {
    page: pagePath,
    viewport,
    jsAtLoad,
    jsAtIdle,
    fonts: firstLoadFonts,
    oversized,
    images: imagesBytes,
  }
}

export async function browserBudget(): Promise<boolean> {
  const server = await startSiteServer()
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const visits: Visit[] = []
  try {
    for (const [viewport, options] of Object.entries(viewports)) {
      const list = viewport === "phone" ? pages : pages.filter((p) => !/^\/(en|de)(\/|$)/.test(p))
      // What is gated (font files, image sizes) and the script bytes do not depend on timing, so
      // the pages are visited a few at a time, each lane in a context of its own (101 s -> 44 s
      // here), and listed in page order. (The image bytes "at load", printed only, depend on
      // when the load event fires, in either way of visiting.)
      const found: Visit[] = new Array(list.length)
      let next = 0
      const lane = async () => {
        const context = await browser.newContext({
          viewport: { width: options.width, height: options.height },
          deviceScaleFactor: options.deviceScaleFactor,
          isMobile: options.isMobile,
        })
        const page = await context.newPage()
        // Files served from the browser's cache still count: each visit is measured as a first one.
        for (let index = next++; index < list.length; index = next++)
          found[index] = await visit(page, server.origin, list[index], viewport)
        await context.close()
      }
      await Promise.all(Array.from({ length: LANES }, lane))
      visits.push(...found)
    }
  } finally {
    await browser.close()
    server.stop()
  }

  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
  const worstJs = visits.reduce((worst, v) => (v.jsAtIdle > worst.jsAtIdle ? v : worst))
  const worstFonts = visits.reduce((worst, v) => (v.fonts.length > worst.fonts.length ? v : worst))
  const oversized = visits.flatMap((v) =>
    v.oversized.map((line) => `${v.page} (${v.viewport}): ${line}`),
  )
  const home = visits.find((v) => v.page === "/" && v.viewport === "phone")!
  console.log(`\nIn the browser (${pages.length} pages, phone and desktop, real server):`)
  const checks = [
    {
      what: `most font files on first load (${worstFonts.page})`,
      ok: worstFonts.fonts.length <= goals.fonts,
      value: String(worstFonts.fonts.length),
      goal: `<= ${goals.fonts}`,
    },
    {
      what: "images larger than displayed",
      ok: oversized.length === 0,
      value: String(oversized.length),
      goal: `0 (slack x${IMAGE_SLACK})`,
    },
  ]
  console.log(
    `info home JS fetched by the load event / by network idle (gzip)  ${kb(home.jsAtLoad)} / ${kb(home.jsAtIdle)}`,
  )
  console.log(
    `info largest JS fetched by network idle (${worstJs.page})`.padEnd(58) +
      kb(worstJs.jsAtIdle).padStart(9),
  )
  for (const check of checks)
    console.log(
      `${check.ok ? "ok  " : "OVER"} ${check.what.padEnd(52)} ${check.value.padStart(9)}  (goal ${check.goal})`,
    )
  for (const line of oversized.slice(0, 20)) console.log(`     ${line}`)
  if (worstFonts.fonts.length > goals.fonts)
    console.log(`     fonts: ${worstFonts.fonts.join(", ")}`)
  printImageBytes(visits)
  return checks.every((check) => check.ok)
}

if (require.main === module) {
  requireBuild()
  browserBudget().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}

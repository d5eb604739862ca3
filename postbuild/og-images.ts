// Open Graph / Twitter card images: one 1200x630 PNG per page and language, the page's title
// and the brand drawn with satori (HTML/CSS to SVG; it needs WOFF or TTF fonts, not WOFF2, so
// the Inter WOFF files of @fontsource/inter) and rasterised by sharp. Written after the build
// (postbuild/post-build.ts) to public/og/<language>/<page>.png; <Seo> points og:image at it.
import { readFileSync } from "node:fs"
import fs from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"
import sharp from "sharp"
import { readCopy } from "../content-kit/copy"
import { locateContent } from "../content-kit/locate"
import { allRoutes, pageKeys, type PageKey } from "../content-kit/page-routes"
import {
  blogPostPath,
  productGroup,
  resourcesGroup,
  solutionsColumn,
  type RouteKey,
} from "../content-kit/routes"
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from "../src/content/og-image"
import { defaultLanguage, languages, type Language } from "../src/i18n/languages"
import type { FeedPost } from "./feeds"

export type OgPage = {
  path: string
  language: Language
  title: string
  section?: string
  brand: string
  host: string
}

type Node = {
  type: string
  props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown }
}
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({ type, props: { ...props, style, children } })

// Resolved from the project root: gatsby-node is bundled into .cache/, where require.resolve is not ours.
const fromRoot = createRequire(path.join(process.cwd(), "package.json"))
const fontFile = (subset: string, weight: number) =>
  readFileSync(fromRoot.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`))

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: "normal" }[] | null = null
function loadFonts() {
  fonts ??= (["latin", "latin-ext"] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: "Inter",
      data: fontFile(subset, weight),
      weight,
      style: "normal" as const,
    })),
  )
  return fonts
}

const logo = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 ' +
    '32"><rect width="32" height="32" rx="8" fill="#ffffff"/><path ' +
    'd="M8 22V14M13 22V10M18 22v-6M23 22V8" stroke="#4338ca" stroke-width="3" stroke-linecap="round"/></svg>',
).toString("base64")}`

/** The card's layout: brand at the top, the title large, the section and the site's host below. */
export function cardTree(page: OgPage): Node {
  const titleSize = page.title.length > 70 ? 56 : page.title.length > 40 ? 66 : 76
  return h(
    "div",
    {
      width: `${OG_WIDTH}px`,
      height: `${OG_HEIGHT}px`,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      backgroundImage: "linear-gradient(135deg, #312e81 0%, #4338ca 55%, #6366f1 100%)",
      color: "#ffffff",
      fontFamily: "Inter",
    },
    [
      h("div", { display: "flex", alignItems: "center", gap: "20px" }, [
        h("img", { width: "64px", height: "64px" }, undefined, {
          src: logo,
          width: 64,
          height: 64,
        }),
        h("div", { fontSize: "40px", fontWeight: 700, letterSpacing: "-0.01em" }, page.brand),
      ]),
      h(
        "div",
        {
          display: "flex",
          fontSize: `${titleSize}px`,
          fontWeight: 700,
          lineHeight: 1.12,
          letterSpacing: "-0.02em",
          maxWidth: "1040px",
        },
        page.title,
      ),
      h(
        "div",
        {
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          fontSize: "28px",
          color: "#e0e7ff",
        },
        [
          page.section
            ? h(
                "div",
                {
                  display: "flex",
                  padding: "8px 20px",
                  borderRadius: "999px",
                  backgroundColor: "rgba(255,255,255,0.16)",
                },
                page.section,
              )
            : h("div", { display: "flex" }, ""),
          h("div", { display: "flex" }, page.host),
        ],
      ),
    ],
  )
}

export async function renderCard(page: OgPage): Promise<Buffer> {
  const { default: satori } = (await import("satori")) as typeof import("satori")
  const svg = await satori(cardTree(page) as never, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: loadFonts(),
  })
  // A plain PNG: sharp text at about 80 KB in 30 ms (a palette PNG is smaller but takes 200 ms a card).
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}

/** Draws every card into publicDir; returns the files written. */
type Copy = { meta: { title: string }; hero?: { eyebrow?: string } }
type Common = { brand: { name: string }; nav: Record<string, string> }

/** Every page of the route table and every post, in every language, with its card's texts. */
export function ogPages(
  siteUrl: string,
  posts: FeedPost[],
  contentDir = locateContent(),
): OgPage[] {
  const host = new URL(siteUrl).host
  return languages.flatMap((language) => {
    const common = readCopy<Common>(contentDir, language, "common")
    const groupOf = (page: PageKey, key = page as RouteKey) =>
      productGroup.includes(key)
        ? common.nav.productGroup
        : solutionsColumn.includes(key)
          ? common.nav.solutions
          : resourcesGroup.includes(key)
            ? common.nav.resources
            : undefined
    const pages = pageKeys.map((key) => {
      const copy = readCopy<Copy>(contentDir, language, allRoutes[key].ns)
      return {
        path: allRoutes[key].path,
        language,
        title: copy.meta.title,
        section: groupOf(key) ?? copy.hero?.eyebrow,
        brand: common.brand.name,
        host,
      }
    })
    const slugs = [...new Set(posts.map((post) => post.slug))]
    const articles = slugs.flatMap((slug) => {
      const post =
        posts.find((p) => p.slug === slug && p.lang === language) ??
        posts.find((p) => p.slug === slug && p.lang === defaultLanguage)
      return post
        ? [
            {
              path: blogPostPath(slug),
              language,
              title: post.title,
              section: common.nav.blog,
              brand: common.brand.name,
              host,
            },
          ]
        : []
    })
    return [...pages, ...articles]
  })
}

export async function writeOgImages(pages: OgPage[], publicDir = "public"): Promise<string[]> {
  const written: string[] = []
  for (const page of pages) {
    const file = path.join(publicDir, ogImagePath(page.path, page.language))
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, await renderCard(page))
    written.push(file)
  }
  return written
}

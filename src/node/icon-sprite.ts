import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import * as lucide from "lucide-react"
import { createElement, type ComponentType } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { siteIcons } from "../../content-kit/icon-names"

/** One <symbol> per site icon, its shapes as lucide draws them (the stroke comes from the <svg> that uses it). */
export function iconSprite(): string {
  const symbols = Object.entries(siteIcons).map(([name, component]) => {
    const svg = renderToStaticMarkup(createElement(lucide[component] as ComponentType))
    const shapes = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "")
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`
}

let sprite: { markup: string; url: string } | undefined

/** The sprite and its URL under /static/, named by its content so that it can be cached for a year. */
export function iconSpriteFile(): { markup: string; url: string } {
  if (!sprite) {
    const markup = iconSprite()
    const hash = crypto.createHash("sha256").update(markup).digest("hex").slice(0, 20)
    sprite = { markup, url: `/static/icons-${hash}.svg` }
  }
  return sprite
}

export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = ({ store }) => {
  const { program } = store.getState() as { program: { directory: string } }
  const { markup, url } = iconSpriteFile()
  const file = path.join(program.directory, "public", url)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, markup)
}

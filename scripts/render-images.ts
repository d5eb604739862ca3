// `npm run images:render`: rasterises the site's drawings (content/images/src/*.svg) into the
// PNG masters that Gatsby's image pipeline turns into AVIF and WebP at every width:
// content/images/<name>.png, cover-<slug>.svg to content/images/blog/<slug>.png (the post's
// cover), post-<slug>--<name>.svg to content/images/blog/<slug>/<name>.png (an image in the post).
// The PNGs are committed, so a build needs no drawing step; rerun this after editing an SVG.
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { locateContent } from "../content-kit/locate"

const root = path.join(locateContent(), "images")
const MASTER_WIDTH = 1600

export function targetOf(svgName: string): string {
  const name = svgName.replace(/\.svg$/, "")
  const inPost = /^post-([a-z0-9-]+)--([a-z0-9-]+)$/.exec(name)
  if (inPost) return path.join(root, "blog", inPost[1], `${inPost[2]}.png`)
  return name.startsWith("cover-")
    ? path.join(root, "blog", `${name.slice("cover-".length)}.png`)
    : path.join(root, `${name}.png`)
}

async function main() {
  const sources = fs.readdirSync(path.join(root, "src")).filter((name) => name.endsWith(".svg"))
  for (const name of sources) {
    const svg = fs.readFileSync(path.join(root, "src", name))
    const { width = MASTER_WIDTH } = await sharp(svg).metadata()
    const target = targetOf(name)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    await sharp(svg, { density: (72 * MASTER_WIDTH) / width })
      .resize({ width: MASTER_WIDTH })
      .png({ compressionLevel: 9 })
      .toFile(target)
    console.log(
      `${path.relative(process.cwd(), target)}: ${(fs.statSync(target).size / 1024).toFixed(0)} KB`,
    )
  }
}

if (require.main === module) void main()

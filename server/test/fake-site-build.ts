// A stand-in for `npm run build` in the publisher's tests (PUBLISH_BUILD_COMMAND): writes a
// tiny site into ./public from ./content in a second, honouring what a real build honours:
// the held-back posts (content-kit/publication.ts) with PUBLISH_NOW and PUBLISH_PREVIEW, every
// page of the route table in each language, and the admin's shell only while the repository
// has its page (src/pages/admin/[...].tsx), as Gatsby writes them.
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { allRoutes, pageKeys } from "../../content-kit/page-routes"
import { blogIgnore } from "../../content-kit/publication"
import { LANGUAGES, localizePath } from "../../contract/languages"

// The names it was started with (not their values): the tests read what a build is given.
console.log(`fake build env: ${Object.keys(process.env).sort().join(" ")}`)

const out = path.resolve("public")
const home = JSON.parse(fs.readFileSync("content/locales/fr/home.json", "utf8")) as {
  title: string
}
if (process.env.FAKE_BUILD_FAIL === "1" || home.title.includes("FAIL THE BUILD")) {
  console.error("fake build: failing as asked")
  process.exit(2)
}
if (home.title.includes("FILL THE DISK")) {
  // A build that runs out of space: it writes until the disk refuses, then fails as Gatsby does.
  fs.mkdirSync(out, { recursive: true })
  const chunk = Buffer.alloc(256 * 1024, 1)
  for (let n = 0; ; n++) fs.writeFileSync(path.join(out, `filler-${n}`), chunk)
}
const blogDir = path.resolve("content/blog")
const held = new Set(blogIgnore(blogDir).held.map((post) => post.slug))
const posts = fs.existsSync(blogDir)
  ? fs
      .readdirSync(blogDir)
      .filter((slug) => !held.has(slug))
      .sort()
  : []
const bundle = `console.log(${JSON.stringify(home.title)})`
const hash = createHash("sha256").update(bundle).digest("hex").slice(0, 20)

fs.rmSync(out, { recursive: true, force: true })
const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true })
  fs.writeFileSync(path.join(out, file), body)
}
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script src="/app-${hash}.js"></script>` +
  `</head><body><h1>${title}</h1></body></html>`
write(`app-${hash}.js`, bundle)
for (const language of LANGUAGES) {
  for (const key of pageKeys) {
    const at = localizePath(allRoutes[key].path, language).replace(/^\/$/, "")
    const title = key === "home" ? home.title : key === "blog" ? `blog: ${posts.join(", ")}` : key
    write(`${at}/index.html`, page(title))
  }
}
if (fs.existsSync("src/pages/admin/[...].tsx")) write("admin/[...]/index.html", page("admin"))
for (const slug of posts) write(`blog/${slug}/index.html`, page(slug))
write("404.html", page("404"))
write(
  "sitemap.xml",
  `<urlset>${posts.map((slug) => `<url><loc>/blog/${slug}</loc></url>`).join("")}</urlset>`,
)
console.log(`fake build: ${posts.length} post(s), bundle app-${hash}.js`)

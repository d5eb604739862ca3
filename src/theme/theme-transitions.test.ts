import fs from "node:fs"
import path from "node:path"

// The frame in which the theme changes holds colour transitions by naming their classes
// (src/styles/global.css, `html.theme-changing :is(...)`), not with `*`, which restyles the
// whole page once more. Every transition class of the sources that animates colours must be
// named there, or that element fades between the themes.
const SRC = path.resolve(__dirname, "..")
const css = fs.readFileSync(path.join(SRC, "styles", "global.css"), "utf8")
const held = css.slice(css.indexOf("html.theme-changing"), css.indexOf("transition: none"))

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

const colourTransitions = new Set(
  sourceFiles(SRC).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/(?<![\w-])transition(-[\w[\],-]+)?(?![\w-])/g)]
      .map((match) => match[0])
      .filter(
        (name) =>
          name === "transition" ||
          name === "transition-colors" ||
          name === "transition-all" ||
          (name.startsWith("transition-[") && /color|background|border|fill|stroke/.test(name)),
      ),
  ),
)

const escaped = (name: string) => `.${name.replace(/[[\],]/g, (c) => `\\${c}`)}`

test("the sources use colour transitions (the scan finds them)", () => {
  expect(colourTransitions).toContain("transition-colors")
})

test.each([...colourTransitions])("the theme's frame holds %s", (name) => {
  expect(held).toContain(escaped(name))
})

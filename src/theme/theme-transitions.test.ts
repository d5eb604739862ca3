import fs from "node:fs"
import path from "node:path"

// The frame in which the theme changes holds colour transitions by naming their classes
// (src/styles/global.css, `html.theme-changing :is(...)`), not with `*`, which restyles the
// whole page once more. Every transition class of the sources that animates colours must be
// named there, or that element fades between the themes.
const SRC = path.resolve(__dirname, "..")
const css = fs.readFileSync(path.join(SRC, "styles", "global.css"), "utf8")
const held = css.slice(css.indexOf("html.theme-changing"), css.indexOf("transition: none"))

const sourceFiles = fs
  .readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))

const colourTransitions = new Set(
  sourceFiles.flatMap((file) =>
    [
      ...fs
        .readFileSync(path.join(SRC, file), "utf8")
        .matchAll(/(?<![\w-])transition(-[\w[\],-]+)?(?![\w-])/g),
    ]
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

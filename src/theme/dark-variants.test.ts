import fs from "node:fs"
import path from "node:path"

// In the dark theme only colours change: every `dark:` utility of the sources sets a colour, and
// the stylesheet's `.dark` rules set only the colour scheme. The browser tests rely on it: a page
// that passes every WCAG rule of axe in the light theme is checked in the dark one for the rules
// that depend on colours only (tests/e2e/axe.ts, colourRules). A dark variant that hides, moves
// or relabels something fails here, and then needs the full rules in the dark pass too.
const SRC = path.resolve(__dirname, "..")
const sourceFiles = fs
  .readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(tsx?|css)$/.test(file) && !file.includes(".test."))

const darkUtilities = [
  ...new Set(
    sourceFiles.flatMap((file) =>
      [...fs.readFileSync(path.join(SRC, file), "utf8").matchAll(/(?<![\w-])dark:([^\s"'`;]+)/g)]
        // The utility itself, after any further variant (`dark:hover:bg-...`).
        .map((match) => match[1].split(":").pop() ?? ""),
    ),
  ),
]

const colourUtility =
  /^(text|bg|border(-[trblxy])?|ring|ring-offset|divide|from|via|to|fill|stroke|outline|decoration|placeholder|caret|accent|shadow)-(white|black|transparent|current|inherit|(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand)-\d{2,3})(\/\d{1,3})?$/

test("the sources use dark variants (the scan finds them)", () => {
  expect(darkUtilities).toContain("bg-slate-800")
})

test.each(darkUtilities)("dark:%s sets a colour and nothing else", (utility) => {
  expect(utility).toMatch(colourUtility)
})

test("the stylesheet's .dark rules set only the colour scheme", () => {
  const css = fs
    .readFileSync(path.join(SRC, "styles", "global.css"), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^@custom-variant dark .*$/m, "")
  const declarations = [...css.matchAll(/\.dark\b[^{}]*\{([^{}]*)\}/g)].flatMap((block) =>
    block[1]
      .split(";")
      .map((declaration) => declaration.split(":")[0].trim())
      .filter(Boolean),
  )
  expect(declarations.length).toBeGreaterThan(0)
  expect(declarations.filter((property) => property !== "color-scheme")).toEqual([])
})

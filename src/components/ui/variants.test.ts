import fs from "node:fs"
import path from "node:path"
import { twMerge } from "tailwind-merge"
import { buttonVariants } from "./button"
import { cardVariants } from "./card"
import { segmentSizes } from "./segmented-control"

// cn() joins classes without tailwind-merge: the merge would add 8 KB gzip to every page.
// That is safe only while no two classes fight, which these tests hold: within every
// variant table, and between a table and the classes a call site adds to it.
const tables = {
  Button: {
    variants: buttonVariants,
    options: {
      variant: ["default", "destructive", "outline", "secondary", "ghost", "link"],
      size: ["default", "sm", "lg", "icon"],
    },
  },
  card: {
    variants: cardVariants,
    options: { variant: ["outline", "raised", "panel", "muted"], padding: ["default", "compact"] },
  },
  segment: {
    variants: ({ size }: { size: keyof typeof segmentSizes }) => segmentSizes[size],
    options: { size: ["icon", "text"] },
  },
} as const

function combinations(options: Record<string, readonly string[]>): Record<string, string>[] {
  return Object.entries(options).reduce<Record<string, string>[]>(
    (all, [name, values]) =>
      all.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value }))),
    [{}],
  )
}

const outputs = (name: keyof typeof tables) => {
  const { variants, options } = tables[name]
  return combinations(options).map((combo) =>
    (variants as (props: Record<string, string>) => string)(combo),
  )
}

/** Classes that call sites add to a primitive: `<Button className="...">` and `cn(cardVariants(...), "...")`. */
function callSiteClasses(): { file: string; table: keyof typeof tables; classes: string }[] {
  const root = path.join(__dirname, "..", "..")
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
  return files.flatMap((file) => {
    const source = fs.readFileSync(path.join(root, file), "utf8")
    const buttons = [...source.matchAll(/<Button\b[^>]*?className="([^"]+)"/g)].map((match) => ({
      file,
      table: "Button" as const,
      classes: match[1],
    }))
    const cards = [...source.matchAll(/cn\(cardVariants\([^)]*\), "([^"]+)"\)/g)].map((match) => ({
      file,
      table: "card" as const,
      classes: match[1],
    }))
    return [...buttons, ...cards]
  })
}

describe("variant tables", () => {
  it.each(Object.keys(tables) as (keyof typeof tables)[])(
    "%s: no combination holds two classes that fight",
    (name) => {
      for (const classes of outputs(name)) expect(twMerge(classes)).toBe(classes)
    },
  )

  it("call sites add only classes that fight none of the primitive's own", () => {
    const sites = callSiteClasses()
    expect(sites.length).toBeGreaterThan(5)
    for (const site of sites) {
      for (const base of outputs(site.table))
        expect([site.file, twMerge(`${base} ${site.classes}`)]).toEqual([
          site.file,
          `${base} ${site.classes}`,
        ])
    }
  })

  it("would catch a call site that overrides a variant's class", () => {
    const [base] = outputs("Button")
    expect(twMerge(`${base} px-8`)).not.toBe(`${base} px-8`)
  })
})

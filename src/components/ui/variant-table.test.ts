import { cva } from "class-variance-authority"
import { variantTable } from "./variant-table"

// The plain table must give exactly the classes cva gave, so no page's HTML changes.
const table = {
  variant: { default: "bg-a text-a", outline: "border b-a" },
  size: { default: "h-10", sm: "h-9" },
}
const plain = variantTable("base x", table, { variant: "default", size: "default" })
const reference = cva("base x", {
  variants: table,
  defaultVariants: { variant: "default", size: "default" },
})

describe("variantTable", () => {
  const choices = [undefined, {}, { variant: null }, { size: undefined }].concat(
    (["default", "outline"] as const).flatMap((variant) =>
      (["default", "sm", undefined] as const).map((size) => ({ variant, size })),
    ) as never[],
  )

  it.each(choices.map((choice) => [JSON.stringify(choice) ?? "undefined", choice]))(
    "%s gives cva's classes",
    (_, choice) => {
      expect(plain(choice as never)).toBe(reference(choice as never))
    },
  )

  it("picks the chosen class over the default", () => {
    expect(plain({ variant: "outline", size: "sm" })).toBe("base x border b-a h-9")
  })

  it("leaves out a dimension without a default when none is chosen", () => {
    const tone = variantTable("n", { tone: { ok: "green", bad: "red" } }, {})
    expect(tone()).toBe(cva("n", { variants: { tone: { ok: "green", bad: "red" } } })())
    expect(tone({ tone: "bad" })).toBe("n red")
  })
})

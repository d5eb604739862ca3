import { testApp } from "../test/stores"

// Every plugin the app registers is a named function, given to Fastify by its name
// (plugin-name.ts): none is listed by its code, as an anonymous one would be.

test("the app's plugins are listed by their names, none by its code", async () => {
  const t = await testApp("sqlite", { ANALYTICS: "1" })
  try {
    const names = t.app
      .printPlugins()
      .split("\n")
      .map((line) => line.replace(/^[\s│├└─┬]+/, "").replace(/ \d+ ms$/, ""))
      .filter((name) => name !== "" && name !== "root" && name !== "bound _after")
    expect(names).toEqual(
      expect.arrayContaining(["contactRoutes", "adminRoutes", "signedInRoutes", "ownerRoutes"]),
    )
    expect(names.filter((name) => /=>|--|\bfunction\b/.test(name))).toEqual([])
  } finally {
    await t.close()
  }
})

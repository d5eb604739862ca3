import { isKnownPath } from "./page-routes"
import { blogPostPath, productGroup, resourcesGroup, routeKeys, routes } from "./routes"

describe("the route table", () => {
  it("holds every path of the specification, exactly as written", () => {
    const paths = routeKeys.map((key) => routes[key].path)
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/about",
        "/Produit",
        "/produit/creaform",
        "/produit/click&win",
        "/solutions",
        "/solutions/etudes-Marketing",
        "/solutions/etudes-RH",
        "/solutions/etudes-Clients",
        "/strategic-market",
        "/blog",
        "/case-studies/marketing",
        "/case-studies/hr",
        "/contact",
      ]),
    )
  })

  it("has unique paths and namespaces, none under /admin and none with a trailing slash", () => {
    const paths = routeKeys.map((key) => routes[key].path)
    const namespaces = routeKeys.map((key) => routes[key].ns)
    expect(new Set(paths).size).toBe(paths.length)
    expect(new Set(namespaces).size).toBe(namespaces.length)
    for (const path of paths) {
      expect(path.startsWith("/admin")).toBe(false)
      if (path !== "/") expect(path.endsWith("/")).toBe(false)
    }
  })

  it("draws the Product and Resources groups from itself", () => {
    for (const key of [...productGroup, ...resourcesGroup]) expect(routes[key]).toBeDefined()
    expect(productGroup).toEqual(["product", "creaform", "clickwin"])
  })

  it("knows its pages, blog posts and home anchors", () => {
    expect(isKnownPath("/produit/click&win", [])).toBe(true)
    expect(isKnownPath("/#process", [])).toBe(true)
    expect(isKnownPath(blogPostPath("nps"), ["nps"])).toBe(true)
    expect(isKnownPath("/produit/Click&Win", [])).toBe(false)
    expect(isKnownPath("/blog/missing", ["nps"])).toBe(false)
    // The pages kept out of the route table that pages load are known all the same.
    expect(isKnownPath("/produit/click&win/estimation", [])).toBe(true)
    expect(isKnownPath("/produit/click&win/estimation/envoyee", [])).toBe(true)
  })
})

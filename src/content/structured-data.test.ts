import { propertiesOf, validateJsonLd } from "../../tests/schema-org"
import {
  blogPostingLd,
  breadcrumbLd,
  breadcrumbTrail,
  crumbNames,
  organizationLd,
} from "./structured-data"

const site = "https://www.example.com"
const nav = {
  home: "Accueil",
  productGroup: "Produit",
  solutions: "Solutions",
  blog: "Blog",
  creaform: "CreaForm",
}

describe("structured data", () => {
  it("knows schema.org types and their inherited properties from the vocabulary", () => {
    expect(propertiesOf("BlogPosting")!.has("headline")).toBe(true) // from CreativeWork
    expect(propertiesOf("BlogPosting")!.has("name")).toBe(true) // from Thing
    expect(propertiesOf("BlogPosting")!.has("logo")).toBe(false)
    expect(propertiesOf("Blogpost")).toBeNull()
    expect(
      validateJsonLd({ "@type": "Organization", name: "x", url: "y", logo: "z", headline: "no" }),
    ).toEqual(['$: schema.org Organization has no property "headline"'])
    expect(validateJsonLd({ "@type": "ListItem", position: 1, name: "x" })).toEqual([
      '$: ListItem needs "item"',
    ])
  })

  it("describes a post as a valid BlogPosting with its author, publisher and image", () => {
    const posting = blogPostingLd(site, "Mesurea", {
      title: "Bien utiliser le NPS",
      description: "Résumé",
      date: "2026-03-10",
      author: "Claire Martin",
      language: "fr",
      url: `${site}/blog/bien-utiliser-le-nps`,
      image: `${site}/og/fr/blog-bien-utiliser-le-nps.png`,
    })
    expect(validateJsonLd(posting)).toEqual([])
    expect(posting).toMatchObject({
      author: { "@type": "Person", name: "Claire Martin" },
      datePublished: "2026-03-10",
    })
    const anonymous = blogPostingLd(site, "Mesurea", {
      title: "T",
      description: "D",
      date: "2026-01-01",
      language: "en",
      url: site,
      image: site,
      author: null,
    })
    expect(anonymous).toMatchObject({ author: { "@type": "Organization", name: "Mesurea" } })
    expect(validateJsonLd(anonymous)).toEqual([])
  })

  it("builds breadcrumbs through the group overview, localized", () => {
    const trail = breadcrumbTrail("creaform", crumbNames(nav, "creaform", "CreaForm, l'éditeur"))
    expect(trail.map((crumb) => crumb.path)).toEqual(["/", "/Produit", "/produit/creaform"])
    expect(trail.map((crumb) => crumb.name)).toEqual(["Accueil", "Produit", "CreaForm, l'éditeur"])
    const list = breadcrumbLd(site, "de", trail)
    expect(validateJsonLd(list)).toEqual([])
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Accueil", item: `${site}/de` },
      { "@type": "ListItem", position: 2, name: "Produit", item: `${site}/de/Produit` },
      {
        "@type": "ListItem",
        position: 3,
        name: "CreaForm, l'éditeur",
        item: `${site}/de/produit/creaform`,
      },
    ])
    expect(breadcrumbTrail("home", () => "x")).toEqual([])
    expect(
      breadcrumbTrail("blog", () => "B", { title: "Post", slug: "a-post" }).map(
        (crumb) => crumb.path,
      ),
    ).toEqual(["/", "/blog", "/blog/a-post"])
  })

  it("gives the organization its name, address and logo", () => {
    expect(validateJsonLd(organizationLd(site, "Mesurea"))).toEqual([])
  })
})

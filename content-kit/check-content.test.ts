import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { checkContent } from "./check-content"
import { allRoutes as routes, pageKeys } from "./page-routes"

// Each test writes a small content tree in the temporary folder, breaks one thing and
// expects the check to name it.
type Tree = Record<string, unknown>

const description =
  "A description long enough for a search engine snippet, written for " +
  "the tests of the content check; it must hold 120 to 160 characters."
const item = (title: string) => ({ title, text: `${title} text`, icon: "sparkles" })

function page(home = false) {
  const sections: unknown[] = [
    {
      kind: "cards",
      id: "offers",
      title: "Offers",
      items: [{ ...item("One"), link: { label: "Post", to: "/blog/first-post" } }],
    },
    {
      kind: "cta",
      title: "Talk",
      text: "Write to us",
      action: { label: "Contact", to: "/contact" },
    },
  ]
  if (home) {
    sections.push(
      { kind: "cards", id: "solutions", title: "Solutions", items: [item("HR")] },
      {
        kind: "steps",
        id: "process",
        title: "Steps",
        items: [1, 2, 3, 4, 5].map((n) => item(`Step ${n}`)),
      },
    )
  }
  return {
    meta: { title: "Title", description },
    hero: {
      title: "Hero",
      lead: "Lead",
      primary: { label: "Go", to: "/#process" },
      secondary: { label: "Mail", to: "mailto:a@b.c" },
    },
    sections,
  }
}

const realCopy = (ns: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, "../content/locales/fr", `${ns}.json`), "utf8"))

function validTree(): Tree {
  const tree: Tree = {}
  for (const key of pageKeys) {
    const { ns, template } = routes[key]
    tree[`locales/fr/${ns}.json`] =
      template === "contact"
        ? {
            meta: { title: "Contact", description },
            hero: { title: "Contact", lead: "Lead" },
            info: {
              title: "Info",
              addressLabel: "A",
              address: ["[Street]"],
              hoursLabel: "H",
              hours: "9-18",
              emailLabel: "E",
              email: "x@[domain]",
            },
            reasons: {
              title: "Why",
              items: ["a", "b", "c", "d"],
            },
            formTitle: "Form",
          }
        : template === "blog-list"
          ? { meta: { title: "Blog", description }, hero: { title: "Blog", lead: "Lead" } }
          : template === "newsletter-status"
            ? {
                meta: { title: "Unsubscribed", description },
                ask: { title: "Ask", lead: "Lead", action: "Do it", working: "Doing it" },
                done: { title: "Done", lead: "Lead" },
                unknown: { title: "Unknown", lead: "Lead" },
                failed: "It failed.",
                home: { label: "Home", to: "/" },
                privacy: { label: "Privacy", to: "/confidentialite" },
              }
            : template === "form-result"
              ? {
                  meta: { title: "Sent", description },
                  title: "Sent",
                  lead: "Lead",
                  home: { label: "Home", to: "/" },
                  again: { label: "Again", to: "/contact" },
                }
              : template === "booking" || template === "booking-manage"
                ? // The booking pages' copy has many fields of its own: the real one is valid.
                  realCopy(ns)
                : page(key === "home")
  }
  tree["locales/fr/common.json"] = { nav: { home: "Accueil", about: "À propos" } }
  tree["blog/first-post/index.fr.md"] =
    "---\ntitle: Titre\ndescription: Résumé\ndate: 2026-01-10\n---\n\nCorps.\n"
  for (const language of ["en", "de"]) {
    for (const [file, value] of Object.entries(tree)) {
      if (file.startsWith("locales/fr/"))
        tree[file.replace("/fr/", `/${language}/`)] = structuredClone(value)
    }
    tree[`blog/first-post/index.${language}.md`] = tree["blog/first-post/index.fr.md"]
  }
  return tree
}

function write(tree: Tree): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"))
  for (const [file, value] of Object.entries(tree)) {
    if (value === undefined) continue
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(
      path.join(root, file),
      typeof value === "string" ? value : JSON.stringify(value, null, 2),
    )
  }
  return root
}

/** Runs the check on the valid tree after `change`, and returns the report. */
function check(change: (tree: Tree) => void = () => {}) {
  const tree = validTree()
  change(tree)
  return checkContent(write(tree))
}

const home = (tree: Tree, language = "fr") =>
  tree[`locales/${language}/home.json`] as ReturnType<typeof page>

// The check as a command (scripts/check-content.ts): its exit code and everything it prints.
const tsx = path.join(__dirname, "..", "node_modules", ".bin", "tsx")
const run = (root: string, ...flags: string[]) => {
  try {
    return {
      code: 0,
      out: execFileSync(
        tsx,
        [path.join(__dirname, "..", "scripts", "check-content.ts"), ...flags, root],
        {
          encoding: "utf8",
          stdio: "pipe",
        },
      ),
    }
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string }
    return { code: failed.status, out: failed.stdout + failed.stderr }
  }
}

describe("checkContent", () => {
  it("accepts a complete tree without errors or missing translations", () => {
    expect(check()).toEqual({ errors: [], missing: { fr: [], en: [], de: [] } })
  })

  it("reports malformed JSON", () => {
    const { errors } = check((tree) => (tree["locales/en/about.json"] = "{ not json"))
    expect(errors).toEqual([expect.stringMatching(/^locales\/en\/about\.json: malformed JSON/)])
  })

  it("reports a page of the route table without French copy", () => {
    const { errors } = check((tree) => delete tree["locales/fr/press.json"])
    expect(errors.join("\n")).toMatch(
      /locales\/fr\/press\.json: missing, the page \/case-studies\/hr has no copy/,
    )
  })

  it.each([
    [
      "a missing required field",
      (tree: Tree) => delete (home(tree).hero as Partial<{ title: string }>).title,
      /home\.json: hero\.title: is required/,
    ],
    [
      "an unknown section kind",
      (tree: Tree) => Object.assign(home(tree).sections[0] as object, { kind: "carousel" }),
      /sections\.0\.kind: "carousel" is not one of cards, features/,
    ],
    [
      "an unknown icon",
      (tree: Tree) =>
        Object.assign(home(tree).sections[1 + 1] as { items: object[] }, {
          items: [{ ...item("x"), icon: "rocket" }],
        }),
      new RegExp(
        'sections\\.2\\.items\\.0\\.icon: "rocket" is not one of layout-template, .* ' +
          "\\(an icon of content-kit/icon-names\\.ts\\)",
      ),
    ],
    [
      "an unknown field",
      (tree: Tree) => Object.assign(home(tree).meta, { titel: "typo" }),
      /meta\.titel: is not a known field/,
    ],
    [
      "a title over 60 characters",
      (tree: Tree) => (home(tree).meta.title = "x".repeat(61)),
      /meta\.title: is 61 characters/,
    ],
    [
      "an empty text",
      (tree: Tree) => (home(tree).hero.lead = " "),
      /hero\.lead: must be a non-empty string/,
    ],
    [
      "a description under 120 characters",
      (tree: Tree) => (home(tree).meta.description = "Too short."),
      /fr\/home\.json: meta\.description: is 10 characters \(120-160\)/,
    ],
    [
      "a section field of another kind",
      (tree: Tree) => Object.assign(home(tree).sections[1] as object, { paragraphs: ["x"] }),
      /home\.json: sections\.1\.paragraphs: is not a known field/,
    ],
    [
      "a post dated on no day of the calendar",
      (tree: Tree) =>
        (tree["blog/first-post/index.de.md"] =
          "---\ntitle: T\ndescription: D\ndate: '2026-02-30'\n---\n\nBody.\n"),
      /blog\/first-post\/index\.de\.md: frontmatter date: is not a day of the calendar/,
    ],
    [
      "a contact page without its four reasons",
      (tree: Tree) =>
        ((tree["locales/fr/contact.json"] as { reasons: { items: string[] } }).reasons.items = [
          "a",
        ]),
      /contact\.json: reasons\.items: must list exactly 4 \(the four reasons of the specification\)/,
    ],
    [
      "an unsubscribe page without its unknown-link state",
      (tree: Tree) =>
        delete (tree["locales/fr/newsletter-unsubscribed.json"] as { unknown?: object }).unknown,
      /fr\/newsletter-unsubscribed\.json: unknown: is required/,
    ],
    [
      "an unsubscribe page with a broken link",
      (tree: Tree) =>
        ((
          tree["locales/fr/newsletter-unsubscribed.json"] as { privacy: { to: string } }
        ).privacy.to = "/privacy"),
      /newsletter-unsubscribed\.json: privacy\.to: "\/privacy" is not a known path/,
    ],
  ])("reports %s", (_name, change, expected) => {
    expect(check(change).errors.join("\n")).toMatch(expected)
  })

  it("requires exactly five process steps and a solutions section on home", () => {
    const { errors } = check((tree) => {
      const sections = home(tree).sections as { id?: string; items?: unknown[] }[]
      sections.find((section) => section.id === "process")!.items!.pop()
      sections.find((section) => section.id === "solutions")!.id = "offers-2"
    })
    expect(errors.join("\n")).toMatch(
      /fr\/home\.json: sections: the "process" steps must have exactly 5 items/,
    )
    expect(errors.join("\n")).toMatch(
      /fr\/home\.json: sections: home needs a section with id "solutions"/,
    )
  })

  it("checks content/rate-card.json against the rate card's schema", () => {
    const card = JSON.parse(
      fs.readFileSync(path.join(__dirname, "..", "content", "rate-card.json"), "utf8"),
    ) as { markets: Record<string, { baseCpi: number }> }
    expect(check((tree) => (tree["rate-card.json"] = card)).errors).toEqual([])
    card.markets.FR.baseCpi = -1
    expect(check((tree) => (tree["rate-card.json"] = card)).errors).toEqual([
      "rate-card.json: markets.FR.baseCpi: must be more than 0",
    ])
  })

  it("checks links: known paths, blog posts, anchors and external schemes", () => {
    const link = (to: string) =>
      check((tree) => ((home(tree, "de").hero.primary as { to: string }).to = to)).errors
    expect(link("/produit/click&win")).toEqual([])
    expect(link("/blog/first-post")).toEqual([])
    expect(link("#offers")).toEqual([])
    expect(link("tel:+33100000000")).toEqual([])
    expect(link("/produits")).toEqual([
      expect.stringMatching(/de\/home\.json: hero\.primary\.to: "\/produits" is not a known path/),
    ])
    expect(link("/blog/no-such-post")).toEqual([expect.stringMatching(/is not a known path/)])
    expect(link("/#nowhere")).toEqual([
      expect.stringMatching(/"\/#nowhere" points to no section id/),
    ])
  })

  it("reports a key present in a translation but not in French", () => {
    const { errors } = check(
      (tree) =>
        ((tree["locales/de/common.json"] as { nav: object }).nav = {
          home: "Start",
          about: "Über",
          extra: "x",
        }),
    )
    expect(errors).toEqual(['locales/de/common.json: key "nav.extra" is not in the French file'])
  })

  it("reports a translation file that has no French counterpart", () => {
    const { errors } = check((tree) => (tree["locales/en/footer.json"] = { a: "b" }))
    expect(errors).toEqual(["locales/en/footer.json: there is no French footer.json to translate"])
  })

  it("lists missing translations per language, common.json and blog posts included, without failing", () => {
    const report = check((tree) => {
      home(tree, "en").hero.lead = ""
      delete (tree["locales/de/common.json"] as { nav: Record<string, string> }).nav.about
      delete tree["locales/de/press.json"]
      delete tree["blog/first-post/index.en.md"]
    })
    expect(report.errors).toEqual([])
    expect(report.missing.en).toEqual(["blog/first-post/index.en.md", "home.json: hero.lead"])
    expect(report.missing.de).toEqual(["common.json: nav.about", "press.json: (whole file)"])
  })

  it("reports a blog post without French and bad frontmatter", () => {
    const { errors } = check((tree) => {
      delete tree["blog/first-post/index.fr.md"]
      tree["blog/second-post/index.fr.md"] =
        "---\ndescription: Résumé\ndate: 10/01/2026\n---\n\nCorps.\n"
      tree["blog/Third_Post/index.fr.md"] = "---\ntitle: [unclosed\n---\n"
    })
    expect(errors).toEqual(
      expect.arrayContaining([
        "blog/first-post: the French version index.fr.md is missing",
        "blog/second-post/index.fr.md: frontmatter title: is required",
        expect.stringMatching(
          /^blog\/second-post\/index\.fr\.md: frontmatter date: must be written publication day/,
        ),
        "blog/Third_Post: the slug must be lowercase ascii words joined by hyphens",
        expect.stringMatching(/^blog\/Third_Post\/index\.fr\.md: frontmatter is not valid YAML/),
      ]),
    )
  })

  it("refuses symbolic links before reading anything, and never shows what they point to (issue 46 finding 5)", () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "outside-"))
    const secret = path.join(outside, "passwd")
    fs.writeFileSync(secret, "root:SECRET-BYTES:0:0\n")
    const root = write(validTree())
    fs.mkdirSync(path.join(root, "images"))
    fs.symlinkSync(secret, path.join(root, "images/photo.png"))
    fs.rmSync(path.join(root, "locales/de/about.json"))
    fs.symlinkSync(secret, path.join(root, "locales/de/about.json"))
    const refused = [
      "images/photo.png: a symbolic link is refused (content/ holds files: put the file itself here)",
      "locales/de/about.json: a symbolic link is refused (content/ holds files: put the file itself here)",
    ]
    expect(checkContent(root).errors).toEqual(refused)
    const cli = run(root)
    expect(cli.code).toBe(1)
    for (const error of refused) expect(cli.out).toContain(error)
    expect(cli.out).not.toContain("SECRET")
  }, 30000)

  it("finds no error in the real content/", () => {
    const report = checkContent(path.join(__dirname, "..", "content"))
    expect(report.errors).toEqual([])
  })

  it("covers the legal notice, the privacy policy and the newsletter's pages in every language", () => {
    const root = path.join(__dirname, "..", "content")
    for (const key of [
      "legalNotice",
      "privacy",
      "newsletterConfirmed",
      "newsletterUnsubscribed",
    ] as const) {
      for (const language of ["fr", "en", "de"])
        expect(fs.existsSync(path.join(root, "locales", language, `${routes[key].ns}.json`))).toBe(
          true,
        )
    }
    const report = checkContent(root)
    for (const language of ["en", "de"] as const) {
      expect(
        report.missing[language].filter((entry) =>
          /^(legal-notice|privacy|newsletter-confirmed|newsletter-unsubscribed|newsletter-mail)\.json/.test(
            entry,
          ),
        ),
      ).toEqual([])
    }
    // Every translation keeps each [PLACEHOLDER] the company must fill, none dropped.
    for (const ns of ["legal-notice", "privacy"]) {
      const placeholders = (language: string) =>
        fs
          .readFileSync(path.join(root, "locales", language, `${ns}.json`), "utf8")
          .match(/\[[^\]"]+\]/g)?.length ?? 0
      expect([ns, placeholders("en"), placeholders("de")]).toEqual([
        ns,
        placeholders("fr"),
        placeholders("fr"),
      ])
      expect(placeholders("fr")).toBeGreaterThan(5)
    }
    // The check does read them: a broken copy of the French policy is reported.
    const tree = Object.fromEntries(
      ["fr", "en", "de"].map((language) => [
        `locales/${language}/privacy.json`,
        JSON.parse(fs.readFileSync(path.join(root, "locales", language, "privacy.json"), "utf8")),
      ]),
    )
    delete (tree["locales/fr/privacy.json"] as { meta?: object }).meta
    expect(check((valid) => Object.assign(valid, tree)).errors).toContain(
      "locales/fr/privacy.json: meta: is required",
    )
  })
})

describe("the command line", () => {
  it("prints missing translations and exits 0 when there is no error, 1 otherwise", () => {
    const ok = run(
      write(
        Object.fromEntries(
          Object.entries(validTree()).filter(([file]) => file !== "locales/de/about.json"),
        ),
      ),
    )
    expect(ok.code).toBe(0)
    expect(ok.out).toMatch(/de: 1\n\s+- about\.json: \(whole file\)/)
    const broken = run(write({ ...validTree(), "locales/fr/home.json": "{" }))
    expect(broken.code).toBe(1)
    expect(broken.out).toMatch(/Errors: 1\n\s+- locales\/fr\/home\.json: malformed JSON/)
  }, 30000)

  it("with --release, lists every placeholder with language, file and key, and exits 1 while one is left", () => {
    const tree = validTree()
    const release = run(write(tree), "--release")
    expect(release.code).toBe(1)
    expect(release.out).toMatch(/Go-live check: 6 placeholders/)
    expect(release.out).toContain("- fr  locales/fr/contact.json  info.address[0]: [Street]")
    expect(release.out).toContain("- de  locales/de/contact.json  info.email: [domain]")
    for (const language of ["fr", "en", "de"]) {
      const info = (
        tree[`locales/${language}/contact.json`] as { info: { address: string[]; email: string } }
      ).info
      info.address = ["1 rue de la Paix"]
      info.email = "x@example.com"
    }
    const filled = run(write(tree), "--release")
    expect([filled.code, filled.out]).toEqual([
      0,
      expect.stringContaining("Go-live check: no placeholder left."),
    ])
  }, 30000)
})

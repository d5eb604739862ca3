// The configuration of Sveltia CMS (/cms/), built from the French copy itself: every namespace
// of content/locales/fr/ is a file entry `content/locales/{{locale}}/<ns>.json` with French,
// English and German side by side, every French key a typed, labelled field. So a new key
// is in the editor as soon as it is in French; content-kit/cms/config.test.ts checks that every
// French key has its field. Sections are a list with `types` (one per kind), icons a select
// of the icon registry, links a path and a label.
import fs from "node:fs"
import path from "node:path"
import {
  DEFAULT_LANGUAGE as defaultLanguage,
  LANGUAGES as languages,
} from "../../contract/languages"
import { contentIcons } from "../icon-names"
import { locateContent } from "../locate"
import { sectionVariants, type SectionKind } from "../schema/page"
import type { Field } from "./field"
import { fieldHint, fieldLabel, namespaceLabel } from "./labels"
import { rateCardCollection } from "./rate-card"

// Both from the one content schema: the icon registry and the section kinds it allows.
const icons = Object.keys(contentIcons)
const sectionKinds: SectionKind[] = sectionVariants.map((variant) => variant.properties.kind.const)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Keys that are structure or addresses, the same in every language: copied, not translated. */
const sharedKeys = new Set(["id", "kind", "icon", "to", "email", "consentVersion"])

function leaf(name: string, value: unknown, at: string): Field {
  const base = { name, label: fieldLabel(name), hint: fieldHint(at, name), required: false }
  if (name === "icon") return { ...base, widget: "select", options: icons, i18n: "duplicate" }
  if (sharedKeys.has(name)) return { ...base, widget: "string", i18n: "duplicate" }
  const long = typeof value === "string" && (value.length > 90 || value.includes("\n"))
  return { ...base, widget: long ? "text" : "string", i18n: true }
}

/** One field for a JSON value found in French; `at` is its key path for hints ("hero.title"). */
export function fieldFor(name: string, value: unknown, at: string): Field {
  if (name === "sections" && Array.isArray(value)) return sectionsField(at)
  if (Array.isArray(value)) {
    const sample = value.find((item) => item !== null && item !== undefined)
    if (isObject(sample)) {
      const merged = mergeShapes(value.filter(isObject))
      return {
        name,
        label: fieldLabel(name),
        hint: fieldHint(at, name),
        widget: "list",
        i18n: true,
        fields: objectFields(merged, `${at}.*`),
      }
    }
    return {
      name,
      label: fieldLabel(name),
      hint: fieldHint(at, name),
      widget: "list",
      i18n: true,
      field: { ...leaf(name, sample, `${at}.*`), name: "item", label: fieldLabel(name) },
    }
  }
  if (isObject(value))
    return {
      name,
      label: fieldLabel(name),
      hint: fieldHint(at, name),
      widget: "object",
      i18n: true,
      fields: objectFields(value, at),
    }
  return leaf(name, value, at)
}

function objectFields(value: Record<string, unknown>, at: string): Field[] {
  return Object.entries(value).map(([key, item]) => fieldFor(key, item, at ? `${at}.${key}` : key))
}

/**
 * The union of the keys of several objects, deeply (list items and sections do not all have
 * the same optional keys): lists of objects are concatenated, objects merged.
 */
function mergeShapes(items: Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {}
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      const current = merged[key]
      if (Array.isArray(current) && Array.isArray(value)) merged[key] = [...current, ...value]
      else if (isObject(current) && isObject(value)) merged[key] = mergeShapes([current, value])
      else if (current === undefined) merged[key] = value
    }
  }
  return merged
}

/** Every section kind as a type of the `sections` list, its fields from every French section of that kind. */
let sectionSamples: Record<string, Record<string, unknown>> = {}

function sectionsField(at: string): Field {
  return {
    name: "sections",
    label: fieldLabel("sections"),
    hint: fieldHint(at, "sections"),
    widget: "list",
    i18n: true,
    typeKey: "kind",
    types: sectionKinds.map((kind) => {
      const sample: Record<string, unknown> = { id: "", ...(sectionSamples[kind] ?? {}) }
      delete sample.kind
      return {
        name: kind,
        label: fieldLabel(`kind:${kind}`),
        widget: "object" as const,
        fields: objectFields(sample, "sections.*"),
      }
    }),
  }
}

function collectSections(french: Record<string, unknown>[]): void {
  const byKind: Record<string, Record<string, unknown>[]> = {}
  for (const data of french) {
    if (!Array.isArray(data.sections)) continue
    for (const section of data.sections.filter(isObject))
      (byKind[String(section.kind)] ??= []).push(section)
  }
  sectionSamples = Object.fromEntries(
    Object.entries(byKind).map(([kind, sections]) => [kind, mergeShapes(sections)]),
  )
}

const blogCollection = {
  name: "blog",
  label: "Blog",
  label_singular: "Article",
  folder: "content/blog",
  path: "{{slug}}/index",
  // content/blog/<slug>/index.<language>.md; a post's images under content/images/blog/, linked relatively.
  media_folder: "/content/images/blog",
  public_folder: "../../images/blog",
  extension: "md",
  format: "frontmatter",
  create: true,
  i18n: true,
  slug: "{{slug}}",
  summary: "{{title}} ({{date}})",
  sortable_fields: ["date", "title"],
  fields: [
    {
      name: "title",
      label: "Titre",
      widget: "string",
      i18n: true,
      hint: "Titre de l'article, en haut de la page, dans la liste du blog et dans le flux RSS.",
    },
    {
      name: "description",
      label: "Résumé",
      widget: "text",
      i18n: true,
      hint: "Une ou deux phrases : liste du blog, résultats de recherche et flux RSS.",
    },
    {
      name: "date",
      label: "Date de publication",
      widget: "datetime",
      i18n: "duplicate",
      format: "YYYY-MM-DDTHH:mm",
      date_format: "DD/MM/YYYY",
      time_format: "HH:mm",
      hint:
        "Les articles sont listés du plus récent au plus ancien. Une date à venir programme " +
        "l'article : il paraît à cette heure (heure de Paris).",
    },
    {
      name: "draft",
      label: "Brouillon",
      widget: "boolean",
      i18n: "duplicate",
      required: false,
      default: false,
      hint: "Un brouillon n'est jamais publié ; un aperçu le montre.",
    },
    {
      name: "author",
      label: "Auteur",
      widget: "string",
      i18n: true,
      required: false,
      hint: "Signature affichée sous le titre (facultative).",
    },
    {
      name: "body",
      label: "Texte",
      widget: "markdown",
      i18n: true,
      hint: "Intertitres de niveau 2 (##) ; une image : ![texte alternatif](../../images/blog/<article>/<nom>.png).",
    },
  ],
}

/** The whole configuration, from the French files of `contentDir`. */
export function cmsConfig(
  contentDir = locateContent(),
  options: { repo?: string; branch?: string } = {},
) {
  const frenchDir = path.join(contentDir, "locales", defaultLanguage)
  const namespaces = fs
    .readdirSync(frenchDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort()
  const french = Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(path.join(frenchDir, `${ns}.json`), "utf8")) as Record<
        string,
        unknown
      >,
    ]),
  )
  collectSections(Object.values(french))
  return {
    // Production: the site's repository on GitHub (or GitLab, Gitea/Forgejo >= 12 with their
    // backend name); on a laptop, "Work with Local Repository" opens the checkout in Chromium.
    backend: {
      name: "github",
      repo: options.repo ?? "OWNER/REPOSITORY",
      branch: options.branch ?? "main",
    },
    // Images uploaded in the CMS land in content/images/ (the image pipeline's folder).
    media_folder: "content/images",
    public_folder: "/content/images",
    i18n: {
      structure: "multiple_files",
      locales: [...languages],
      default_locale: defaultLanguage,
      initial_locales: "all",
    },
    collections: [
      {
        name: "pages",
        label: "Textes du site",
        label_singular: "Fichier de textes",
        icon: "translate",
        i18n: true,
        files: namespaces.map((ns) => ({
          name: ns,
          label: namespaceLabel(ns),
          file: `content/locales/{{locale}}/${ns}.json`,
          format: "json",
          i18n: true,
          fields: objectFields(french[ns], ""),
        })),
      },
      blogCollection,
      rateCardCollection(contentDir),
    ],
  }
}

// The rate card in the CMS: one entry, content/rate-card.json, its fields drawn from the rate
// card's schema (number fields with the schema's limits), so that an editor changes a figure
// without opening the JSON. A market or a criterion is added in the file itself: the CMS lists
// those of the current card.
import fs from "node:fs"
import path from "node:path"
import { Kind, OptionalKind, type TSchema } from "@sinclair/typebox"
import { rateCardFile } from "../rate-card"
import { RateCard } from "../schema/rate-card"
import type { Field } from "./field"

const labels: Record<string, string> = {
  placeholder: "Chiffres d'exemple (à supprimer une fois les vrais chiffres saisis)",
  currency: "Devise",
  markets: "Marchés",
  baseCpi: "CPI de base",
  activePanel: "Panélistes actifs",
  lengthBands: "Tranches de durée d'interview",
  upToMinutes: "Jusqu'à (minutes)",
  multiplier: "Multiplicateur",
  incidenceBands: "Tranches d'incidence",
  fromPercent: "À partir de (%)",
  criteria: "Critères de ciblage",
  factor: "Part du panel",
  byMarket: "Part par marché",
  responseRate: "Taux de réponse",
  dailyShare: "Part des réponses par jour",
  tightAbove: "Seuil « tendu »",
  quotaMultiplier: "Multiplicateur quotas",
  projectMinimum: "Minimum par projet",
  range: "Fourchette (±)",
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

function field(name: string, schema: TSchema, value: unknown): Field {
  const base = { name, label: labels[name] ?? name, required: !(OptionalKind in schema) }
  const kind = schema[Kind] as string
  if (kind === "Number" || kind === "Integer")
    return {
      ...base,
      widget: "number",
      value_type: kind === "Integer" ? "int" : "float",
      ...(schema.minimum !== undefined && { min: schema.minimum }),
      ...(schema.maximum !== undefined && { max: schema.maximum }),
    }
  if (kind === "Array")
    return { ...base, widget: "list", fields: fields(schema.items as TSchema, undefined) }
  if (kind === "Object") return { ...base, widget: "object", fields: fields(schema, value) }
  if (kind === "Record") {
    // The keys of the card as it stands: a record has no widget of its own.
    const [item] = Object.values(schema.patternProperties as Record<string, TSchema>)
    const entries = isObject(value) ? Object.entries(value) : []
    return {
      ...base,
      widget: "object",
      fields: entries.map(([key, child]) => ({ ...field(key, item, child), required: true })),
    }
  }
  return { ...base, widget: "string" }
}

function fields(schema: TSchema, value: unknown): Field[] {
  const values = isObject(value) ? value : {}
  return (
    Object.entries(schema.properties as Record<string, TSchema>)
      .map(([name, child]) => field(name, child, values[name]))
      // A record the card leaves empty (a criterion without byMarket) would be a group of nothing.
      .filter((found) => found.widget !== "object" || found.fields?.length)
  )
}

/** The CMS collection of the rate card, from the card in `contentDir`. */
export function rateCardCollection(contentDir: string) {
  const file = path.join(contentDir, rateCardFile)
  const card: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
  return {
    name: "data",
    label: "Données des estimations",
    description:
      "Les chiffres de l'estimation d'étude panel du site : docs/ESTIMATES.md dit ce que fait chacun. " +
      "Un marché ou un critère s'ajoute dans le fichier content/rate-card.json lui-même.",
    files: [
      {
        name: "rate-card",
        label: "Grille tarifaire (estimation d'étude panel)",
        file: `content/${rateCardFile}`,
        format: "json",
        fields: fields(RateCard, card),
      },
    ],
  }
}

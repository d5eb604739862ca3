import { variantTable } from "./variant-table"

/** The look of a card; the element stays the caller's (<li>, <section>, <ul>). */
export const cardVariants = variantTable(
  "rounded-2xl",
  {
    variant: {
      outline: "border border-slate-200 dark:border-slate-800",
      raised: "border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900",
      panel: "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800",
      muted: "bg-slate-50 dark:bg-slate-900",
    },
    padding: { default: "p-6", compact: "p-5" },
  },
  { variant: "outline", padding: "default" },
)

import React from "react"
import type { Item } from "../../../content-kit/schema/page"
import { cardVariants } from "../ui/card"
import { cn } from "../ui/cn"

export function Steps({ items }: { items: Item[] }) {
  return (
    <ol className="mt-10 grid gap-6 md:grid-cols-5">
      {items.map((item, index) => (
        <li key={item.title} className={cn(cardVariants({ padding: "compact" }), "relative")}>
          <span
            aria-hidden="true"
            className={
              "inline-flex size-10 items-center justify-center " +
              "rounded-full bg-brand-600 text-lg font-bold text-white"
            }
          >
            {index + 1}
          </span>
          <h3 className="mt-4 font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{item.text}</p>
        </li>
      ))}
    </ol>
  )
}

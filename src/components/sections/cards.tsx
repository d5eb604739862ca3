import React from "react"
import type { Item } from "../../../content-kit/schema/page"
import { cardVariants } from "../ui/card"
import { cn } from "../ui/cn"
import { Icon } from "../ui/icon"
import { ItemLink } from "./item-link"

export function Cards({ items }: { items: Item[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className={cn(cardVariants({ variant: "raised" }), "flex flex-col")}>
          {item.icon && (
            <span
              className={
                "mb-4 inline-flex size-11 items-center justify-center rounded-xl " +
                "bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100"
              }
            >
              <Icon name={item.icon} className="size-5" />
            </span>
          )}
          <h3 className="text-lg font-semibold">{item.title}</h3>
          <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{item.text}</p>
          {item.link && <ItemLink link={item.link} className="mt-4" />}
        </li>
      ))}
    </ul>
  )
}

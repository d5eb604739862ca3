import React from "react"
import type { Item } from "../../../content-kit/schema/page"
import { Icon } from "../ui/icon"
import { ItemLink } from "./item-link"

export function Features({ items }: { items: Item[] }) {
  return (
    <dl className="mt-10 grid gap-x-10 gap-y-8 md:grid-cols-2">
      {items.map((item) => (
        // A <dl> allows only dt and dd inside its groups: the icon sits in the dt, set in the margin.
        <div key={item.title} className="relative pl-13">
          <dt className="font-semibold">
            <span
              className={
                "absolute top-1 left-0 inline-flex size-9 items-center " +
                "justify-center rounded-lg bg-brand-600 text-white"
              }
            >
              {item.icon ? (
                <Icon name={item.icon} className="size-5" />
              ) : (
                <Icon name="check" className="size-5" />
              )}
            </span>
            {item.title}
          </dt>
          <dd className="mt-1 text-slate-700 dark:text-slate-300">{item.text}</dd>
          {item.link && (
            <dd className="mt-2">
              <ItemLink link={item.link} />
            </dd>
          )}
        </div>
      ))}
    </dl>
  )
}

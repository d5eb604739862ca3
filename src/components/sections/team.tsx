import React from "react"
import type { Section } from "../../content/schema/page"
import { cardVariants } from "../ui/card"

type Member = Extract<Section, { kind: "team" }>["members"][number]

export function Team({ members }: { members: Member[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {members.map((member) => (
        <li key={member.role} className={cardVariants()}>
          <span aria-hidden="true" className="inline-flex size-14 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
            {member.role.slice(0, 1)}
          </span>
          <h3 className="mt-4 font-semibold">{member.name}</h3>
          <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{member.role}</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{member.text}</p>
        </li>
      ))}
    </ul>
  )
}

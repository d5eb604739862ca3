import React from "react"
import type { Section } from "../../../content-kit/schema/page"
import { cardVariants } from "../ui/card"

type Member = Extract<Section, { kind: "team" }>["members"][number]

/**
 * An initials avatar until the company supplies portraits: the name's initials, or the role's
 * first letter while the name is still a [placeholder].
 */
export function initials({ name, role }: Pick<Member, "name" | "role">): string {
  const source = /^\[.*\]$/.test(name.trim()) ? role : name
  const words = source.split(/\s+/).filter((word) => /^\p{L}/u.test(word))
  const letters = source === name && words.length > 1 ? [words[0], words.at(-1)] : [words[0]]
  return letters.map((word) => word?.[0]?.toUpperCase() ?? "").join("") || "?"
}

export function Team({ members }: { members: Member[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {members.map((member) => (
        <li key={member.role} className={cardVariants()}>
          <span
            aria-hidden="true"
            className={
              "inline-flex size-14 items-center justify-center rounded-full bg-brand-100 " +
              "text-lg font-bold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
            }
          >
            {initials(member)}
          </span>
          <h3 className="mt-4 font-semibold">{member.name}</h3>
          <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{member.role}</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{member.text}</p>
        </li>
      ))}
    </ul>
  )
}

import React from "react"
import { Eyebrow } from "../ui/eyebrow"

type Props = { id?: string; eyebrow?: string; title: string; lead?: string; headingId: string }

export function SectionHeading({ eyebrow, title, lead, headingId }: Props) {
  return (
    <div className="max-w-3xl">
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <h2
        id={headingId}
        className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{lead}</p>}
    </div>
  )
}

import React from "react"
import type { Action } from "../../../content-kit/schema/page"
import { trackConversion } from "../../audience/track"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"

export function Cta({
  title,
  text,
  action,
  headingId,
}: {
  title: string
  text: string
  action: Action
  headingId: string
}) {
  return (
    <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
      <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{text}</p>
      <Button asChild size="lg" variant="secondary" className="mt-8">
        <Link to={action.to} onClick={() => trackConversion("cta_click")}>
          {action.label}
        </Link>
      </Button>
    </div>
  )
}

import React from "react"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Layout } from "./layout"

type LinkCopy = { to: string; label: string }

type Props = {
  /** The page's test id: which page, in which state. */
  testId: string
  title: string
  lead: string
  /** Title and lead announced when they change: the page answers a click in place. */
  live?: boolean
  /** Under the lead: a line the page adds (an error). */
  note?: React.ReactNode
  /** The way home, first; and another page, beside it. */
  home: LinkCopy
  other: LinkCopy
  /** The page's own button, in the place of the way home while it has something to do. */
  action?: React.ReactNode
}

/**
 * Where a visitor lands after a form or a mail's link: a title, a sentence and a few
 * buttons, on the site's layout without the contact band.
 */
export function StatusPage({
  testId,
  title,
  lead,
  live = false,
  note,
  home,
  other,
  action,
}: Props) {
  const text = (
    <>
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="mt-6 text-lg text-slate-700 sm:text-xl dark:text-slate-300">{lead}</p>
    </>
  )
  return (
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28" data-testid={testId}>
          {live ? <div aria-live="polite">{text}</div> : text}
          {note}
          <div className="mt-8 flex flex-wrap gap-3">
            {action || (
              <Button asChild size="lg">
                <Link to={home.to}>{home.label}</Link>
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to={other.to}>{other.label}</Link>
            </Button>
          </div>
        </div>
      </section>
    </Layout>
  )
}

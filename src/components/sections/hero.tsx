import React from "react"
import { Eyebrow } from "../ui/eyebrow"
import type { PageContent } from "../../content/schema/page"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { HeroVisual } from "./hero-visual"

/** The top of a page. Never animated: it holds the largest paint and must show without JavaScript. */
export function Hero({ eyebrow, title, lead, primary, secondary }: PageContent["hero"]) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[3fr_2fr]">
        <div className="max-w-3xl">
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          <p className="mt-6 text-lg text-slate-700 sm:text-xl dark:text-slate-300">{lead}</p>
          {(primary || secondary) && (
            <div className="mt-8 flex flex-wrap gap-3">
              {primary && (
                <Button asChild size="lg">
                  <Link to={primary.to}>{primary.label}</Link>
                </Button>
              )}
              {secondary && (
                <Button asChild size="lg" variant="outline">
                  <Link to={secondary.to}>{secondary.label}</Link>
                </Button>
              )}
            </div>
          )}
        </div>
        {/* The dashboard illustrates marketing pages, the ones that call to action; legal and press pages stay plain. */}
        {primary && <HeroVisual />}
      </div>
    </section>
  )
}

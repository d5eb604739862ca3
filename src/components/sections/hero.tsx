import React from "react"
import type { PageContent } from "../../../content-kit/schema/page"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Eyebrow } from "../ui/eyebrow"
import { Picture, type PictureImage } from "../ui/picture"
import { HeroVisual } from "./hero-visual"

/** A page's own visual (content/images/<ns>.png) and its alt text (images.json). */
export type HeroImage = { image: PictureImage; alt: string }

/** The top of a page. Never animated: it holds the largest paint and must show without JavaScript. */
export function Hero({
  eyebrow,
  title,
  lead,
  primary,
  secondary,
  visual,
}: PageContent["hero"] & { visual?: HeroImage }) {
  return (
    <section
      className={
        "relative overflow-hidden bg-gradient-to-b from-brand-50 " +
        "to-white dark:from-slate-900 dark:to-slate-950"
      }
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[3fr_2fr]">
        <div className="max-w-3xl">
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {title}
          </h1>
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
        {/* The dashboard illustrates marketing pages, the ones that call to action; legal and
            press pages stay plain. */}
        {visual ? (
          // The largest paint on wide screens: eager, fetchpriority high, no placeholder, no fade.
          <div className="mx-auto w-full max-w-xl">
            <Picture
              image={visual.image}
              alt={visual.alt}
              priority
              sizes="(min-width: 1280px) 472px, (min-width: 1024px) 37vw, (min-width: 640px) 576px, calc(100vw - 2rem)"
              className="rounded-3xl shadow-xl"
            />
          </div>
        ) : (
          primary && <HeroVisual />
        )}
      </div>
    </section>
  )
}

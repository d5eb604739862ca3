import React from "react"
import type { Section } from "../../../content-kit/schema/page"
import { Reveal } from "../../motion/reveal"
import { Cards } from "./cards"
import { Cta } from "./cta"
import { Features } from "./features"
import { Prose } from "./prose"
import { SectionHeading } from "./section-heading"
import { Split } from "./split"
import { Steps } from "./steps"
import { Team } from "./team"

function Body({ section }: { section: Section }) {
  switch (section.kind) {
    case "cards":
      return <Cards items={section.items} />
    case "features":
      return <Features items={section.items} />
    case "steps":
      return <Steps items={section.items} />
    case "prose":
      return <Prose paragraphs={section.paragraphs} />
    case "split":
      return <Split text={section.text} points={section.points} action={section.action} />
    case "team":
      return <Team members={section.members} />
    default:
      return null
  }
}

/** One block of a page, as content/ describes it, revealed once as it scrolls into view. */
export function SectionView({ section, index }: { section: Section; index: number }) {
  const headingId = `${section.id ?? "section"}-${index}-title`
  const tinted = index % 2 === 1 && section.kind !== "cta"
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className={tinted ? "bg-slate-50 dark:bg-slate-900/50" : undefined}
    >
      <Reveal className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        {section.kind === "cta" ? (
          <Cta
            title={section.title}
            text={section.text}
            action={section.action}
            headingId={headingId}
          />
        ) : (
          <>
            <SectionHeading
              eyebrow={section.eyebrow}
              title={section.title}
              lead={section.lead}
              headingId={headingId}
            />
            <Body section={section} />
          </>
        )}
      </Reveal>
    </section>
  )
}

// framer-motion lives only in this module, which is loaded after the page is interactive
// (see use-motion-kit.ts): none of it counts in the first-load JavaScript.
import { domAnimation, LazyMotion, m } from "framer-motion"
import React from "react"
import { pageVariants, revealVariants } from "./motion"

type Props = { children: React.ReactNode; className?: string }

export function RevealOnce({ children, className }: Props) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.div
        className={className}
        variants={revealVariants}
        initial="hidden"
        whileInView="shown"
        viewport={{ once: true, amount: 0.15 }}
      >
        {children}
      </m.div>
    </LazyMotion>
  )
}

export function PageEnter({ children }: Props) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.div variants={pageVariants} initial="hidden" animate="shown">
        {children}
      </m.div>
    </LazyMotion>
  )
}

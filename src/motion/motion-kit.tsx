// framer-motion lives only in this module, which is loaded on demand (motion-kit-loader.ts): none
// of it counts in the first-load JavaScript, and a first load does not evaluate it.
import { animate, domAnimation, LazyMotion, m } from "framer-motion"
import React from "react"
import { pageVariants, REVEAL_DURATION_S, revealVariants } from "./motion"

type Props = { children: React.ReactNode }

/** Fades and slides in a block that reveal-below-fold.ts hid (800 ms). */
export function fadeIn(element: HTMLElement): void {
  const { hidden, shown } = revealVariants
  void animate(
    element,
    { opacity: [hidden.opacity, shown.opacity], y: [hidden.y, shown.y] },
    { duration: REVEAL_DURATION_S, ease: shown.transition.ease },
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

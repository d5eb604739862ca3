// framer-motion lives only in this module, which is loaded after the page is interactive
// (see use-motion-kit.ts): none of it counts in the first-load JavaScript.
import { animate, domAnimation, LazyMotion, m } from "framer-motion"
import React from "react"
import { pageVariants, REVEAL_DURATION_S, revealVariants } from "./motion"

type Props = { children: React.ReactNode }

/** How much of a block is on screen before it is revealed. */
const REVEAL_AMOUNT = 0.15

/**
 * Hides `element` if it is still below the fold, then fades it in (800 ms) the first time it
 * scrolls into view; leaves it as it is when it is on screen or above. Imperative, on the
 * element React already rendered: the block is neither re-rendered nor remounted when this code
 * arrives (before, each block swapped its div for a motion div then, which remounted every
 * section below the fold), and where it stands is read from the observer's first report, not
 * from a layout forced in the page's code. Returns a function that stops it.
 */
export function revealBelowFold(element: HTMLElement): () => void {
  const { hidden, shown } = revealVariants
  let decided = false
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1]
      if (!decided) {
        decided = true
        const viewportHeight = entry.rootBounds?.height ?? window.innerHeight
        if (entry.boundingClientRect.top <= viewportHeight) return observer.disconnect()
        element.style.opacity = String(hidden.opacity)
        element.style.transform = `translateY(${hidden.y}px)`
        return
      }
      if (entry.intersectionRatio < REVEAL_AMOUNT) return
      observer.disconnect()
      void animate(
        element,
        { opacity: [hidden.opacity, shown.opacity], y: [hidden.y, shown.y] },
        { duration: REVEAL_DURATION_S, ease: shown.transition.ease },
      )
    },
    { threshold: [0, REVEAL_AMOUNT] },
  )
  observer.observe(element)
  return () => observer.disconnect()
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

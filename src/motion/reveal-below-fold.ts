import {
  loadMotionKit,
  loadMotionKitOnDemand,
  type MotionKit,
  prefersReducedMotion,
} from "./motion-kit-loader"
import { REVEAL_HIDDEN_STYLE } from "./reveal-style"

/** How much of a block is on screen before it is revealed. */
const REVEAL_AMOUNT = 0.15
/** How long a block on screen waits for the animation code before it is shown without it. */
const KIT_WAIT_MS = 1000

/**
 * Hides `element` if it is below the fold, then fades it in (800 ms, motion-kit.tsx) the first
 * time 15 % of it is on screen; leaves it as it is when it is on screen or above, and always
 * for visitors who ask for reduced motion. Imperative, on the element React already rendered:
 * the block is neither re-rendered nor remounted, and where it stands and where the fold is
 * are read from the observer's first report, not from a forced layout. The animation code is
 * loaded on demand: a block coming into view asks for it if the visitor's first scroll has not
 * already; if it is not there within a second (a failed download, a very slow network), the
 * block is shown without the fade, so content never stays hidden. Returns a function that
 * stops it.
 */
export function revealBelowFold(element: HTMLElement): () => void {
  if (prefersReducedMotion()) return () => {}
  let decided = false
  let shown = false
  const show = (kit?: MotionKit | null) => {
    if (shown) return
    shown = true
    if (kit) return kit.fadeIn(element)
    element.style.opacity = element.style.transform = ""
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries[entries.length - 1]
      if (!decided) {
        decided = true
        // The fold from the report itself: reading window.innerHeight here forced a style and
        // layout pass in every block's callback after the one before had hidden its block
        // (6-7 passes, 7-59 ms at 4x, per load of /). rootBounds: the viewport, implicit root.
        const root = entry.rootBounds
        if (entry.boundingClientRect.top <= (root ? root.bottom : window.innerHeight))
          return observer.disconnect()
        Object.assign(element.style, REVEAL_HIDDEN_STYLE)
        return loadMotionKitOnDemand()
      }
      if (entry.intersectionRatio < REVEAL_AMOUNT) return
      observer.disconnect()
      setTimeout(show, KIT_WAIT_MS)
      void loadMotionKit().then(show)
    },
    { threshold: [0, REVEAL_AMOUNT] },
  )
  observer.observe(element)
  return () => observer.disconnect()
}

import { onFirstInput } from "../browser/first-input"
import { whenIdle } from "../browser/when-idle"

export type MotionKit = typeof import("./motion-kit")

let kit: MotionKit | null = null
let loading: Promise<MotionKit | null> | null = null

/** The animation code, loaded once; null if it could not be downloaded (nothing animates then). */
export function loadMotionKit(): Promise<MotionKit | null> {
  loading ??= import(/* webpackChunkName: "motion-kit" */ "./motion-kit").then(
    (module) => (kit = module),
    () => null,
  )
  return loading
}

/** The animation code if it is already here, else null. */
export const loadedMotionKit = (): MotionKit | null => kit

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  )
}

let demandWatched = false

/**
 * Loads the animation code on demand: when the browser is next idle after the visitor's first
 * scroll, touch or key (what comes before reaching a block below the fold or following a link),
 * never for visitors who ask for reduced motion. A visitor who reads the first screen and leaves
 * never downloads it, and a first load's main thread does not evaluate it (docs/FIRST-LOAD.md).
 * Idle, so that its evaluation does not land in the frame of that first tap; a block that comes
 * into view before then asks for it at once (reveal-below-fold.ts).
 */
export function loadMotionKitOnDemand(): void {
  if (demandWatched || prefersReducedMotion()) return
  demandWatched = true
  onFirstInput(["scroll", "pointerdown", "keydown"], () => whenIdle(() => void loadMotionKit()))
}

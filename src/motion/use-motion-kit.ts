import { useEffect, useState } from "react"
import { whenIdle } from "../browser/when-idle"

type MotionKit = typeof import("./motion-kit")

let kit: MotionKit | null = null
let loading: Promise<MotionKit> | null = null

function load(): Promise<MotionKit> {
  loading ??= import("./motion-kit").then((module) => (kit = module))
  return loading
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  )
}

/**
 * Calls `ready` with the animation code once it is loaded (when the browser is next idle), never
 * for visitors who ask for reduced motion. Returns a function that cancels it.
 */
export function whenMotionKit(ready: (kit: MotionKit) => void): () => void {
  if (prefersReducedMotion()) return () => {}
  if (kit) {
    ready(kit)
    return () => {}
  }
  let active = true
  const cancel = whenIdle(() => void load().then((module) => active && ready(module)))
  return () => {
    active = false
    cancel()
  }
}

/**
 * The animation components, once loaded; null before (and always for visitors who ask for
 * reduced motion). The page is complete and visible without them.
 */
export function useMotionKit(): MotionKit | null {
  const [loaded, setLoaded] = useState<MotionKit | null>(kit)
  useEffect(() => (loaded ? undefined : whenMotionKit(setLoaded)), [loaded])
  return loaded
}

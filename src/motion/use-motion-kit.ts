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
 * The animation components, once loaded; null before (and always for visitors who ask for
 * reduced motion). The page is complete and visible without them.
 */
export function useMotionKit(): MotionKit | null {
  const [loaded, setLoaded] = useState<MotionKit | null>(kit)
  useEffect(() => {
    if (loaded || prefersReducedMotion()) return
    let active = true
    const start = () => void load().then((module) => active && setLoaded(module))
    const cancel = whenIdle(start)
    return () => {
      active = false
      cancel()
    }
  }, [loaded])
  return loaded
}

import React, { useEffect, useState } from "react"
import { loadedMotionKit, loadMotionKitOnDemand, prefersReducedMotion } from "./motion-kit-loader"

// The first page is painted by the server and must not wait for JavaScript to become
// visible; only pages reached by a client-side navigation fade and slide in (0.1 s).
let firstPageShown = false

/**
 * A page reached by a client-side navigation enters with the kit's PageEnter. The kit is loaded
 * on the visitor's first scroll, touch or key (motion-kit-loader.ts), which comes before any
 * navigation; a page rendered before it arrived enters without the slide rather than remounting
 * when it does.
 */
export function PageTransition({ children }: { children: React.ReactNode }) {
  const [kit] = useState(() =>
    firstPageShown && !prefersReducedMotion() ? loadedMotionKit() : null,
  )
  useEffect(() => {
    firstPageShown = true
    loadMotionKitOnDemand()
  }, [])
  if (kit) return <kit.PageEnter>{children}</kit.PageEnter>
  return <div>{children}</div>
}

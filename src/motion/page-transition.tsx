import React, { useEffect } from "react"
import { useMotionKit } from "./use-motion-kit"

// The first page is painted by the server and must not wait for JavaScript to become
// visible; only pages reached by a client-side navigation fade and slide in (0.1 s).
let firstPageShown = false

export function PageTransition({ children }: { children: React.ReactNode }) {
  const kit = useMotionKit()
  const [animate] = React.useState(firstPageShown)
  useEffect(() => {
    firstPageShown = true
  }, [])
  if (kit && animate) return <kit.PageEnter>{children}</kit.PageEnter>
  return <div>{children}</div>
}

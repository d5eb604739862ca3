import { m } from "framer-motion"
import React from "react"
import { pageVariants } from "./motion"

// The first page is painted by the server and must not wait for JavaScript to become
// visible; only pages reached by a client-side navigation fade and slide in.
let firstPageShown = false

export function PageTransition({ children }: { children: React.ReactNode }) {
  const animate = firstPageShown
  React.useEffect(() => {
    firstPageShown = true
  }, [])
  return (
    <m.div variants={pageVariants} initial={animate ? "hidden" : false} animate="shown">
      {children}
    </m.div>
  )
}

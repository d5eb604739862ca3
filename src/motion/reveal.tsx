import { m } from "framer-motion"
import React from "react"
import { revealVariants } from "./motion"

/** Fades its content in once, the first time it scrolls into view (800 ms). */
export function Reveal({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <m.div
      className={className}
      variants={revealVariants}
      initial="hidden"
      whileInView="shown"
      viewport={{ once: true, amount: 0.15 }}
    >
      {children}
    </m.div>
  )
}

import { LazyMotion, MotionConfig } from "framer-motion"
import React from "react"

const loadFeatures = () => import("./features").then((module) => module.default)

/** Motion for the whole app: features loaded lazily, and none at all for reduced motion. */
export function MotionRoot({ children }: { children: React.ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  )
}

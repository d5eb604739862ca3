import React, { useEffect, useRef, useState } from "react"
import { useMotionKit } from "./use-motion-kit"

type Props = { children: React.ReactNode; className?: string }

/**
 * Fades its content in once (800 ms) the first time it scrolls into view. Content is in
 * the HTML and visible without JavaScript; only blocks still below the fold when the
 * animation code arrives are hidden until the visitor reaches them.
 */
export function Reveal({ children, className }: Props) {
  const kit = useMotionKit()
  const box = useRef<HTMLDivElement>(null)
  const [belowFold, setBelowFold] = useState(false)

  useEffect(() => {
    if (!kit || !box.current) return
    setBelowFold(box.current.getBoundingClientRect().top > window.innerHeight)
  }, [kit])

  if (kit && belowFold) return <kit.RevealOnce className={className}>{children}</kit.RevealOnce>
  return (
    <div ref={box} className={className}>
      {children}
    </div>
  )
}

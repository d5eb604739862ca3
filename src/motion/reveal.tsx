import React, { useEffect, useRef } from "react"
import { revealBelowFold } from "./reveal-below-fold"

type Props = { children: React.ReactNode; className?: string }

/**
 * Fades its content in once (800 ms) the first time it scrolls into view. Content is in
 * the HTML and visible without JavaScript; only blocks below the fold when the page hydrates
 * are hidden until the visitor reaches them (reveal-below-fold.ts). The block renders once:
 * the reveal changes its style, not the React tree.
 */
export function Reveal({ children, className }: Props) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => (box.current ? revealBelowFold(box.current) : undefined), [])
  return (
    <div ref={box} className={className}>
      {children}
    </div>
  )
}

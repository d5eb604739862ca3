import React, { useEffect, useRef } from "react"
import { whenMotionKit } from "./use-motion-kit"

type Props = { children: React.ReactNode; className?: string }

/**
 * Fades its content in once (800 ms) the first time it scrolls into view. Content is in
 * the HTML and visible without JavaScript; only blocks still below the fold when the
 * animation code arrives are hidden until the visitor reaches them (motion-kit.ts). The block
 * renders once: the code's arrival changes its style, not the React tree.
 */
export function Reveal({ children, className }: Props) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let stop = () => {}
    const cancel = whenMotionKit((kit) => {
      if (box.current) stop = kit.revealBelowFold(box.current)
    })
    return () => {
      cancel()
      stop()
    }
  }, [])
  return (
    <div ref={box} className={className}>
      {children}
    </div>
  )
}

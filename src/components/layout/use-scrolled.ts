import { useEffect, useState } from "react"

// SPEC 9: the header changes once the page is scrolled past 50 px.
export const HEADER_SCROLL_THRESHOLD = 50

export function useScrolled(threshold = HEADER_SCROLL_THRESHOLD): boolean {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold)
    update()
    window.addEventListener("scroll", update, { passive: true })
    return () => window.removeEventListener("scroll", update)
  }, [threshold])
  return scrolled
}

import { type RefObject, useEffect } from "react"

// SPEC 9: the header changes once the page is scrolled past 50 px.
export const HEADER_SCROLL_THRESHOLD = 50

/**
 * Keeps `data-scrolled` of the element ("true" past the threshold, else "false") without
 * rendering: the styles follow the attribute (Tailwind's data-[scrolled=true] variants), so a
 * scroll never re-renders the header's tree (its menus and switches), which on a slow phone
 * delayed the tap that followed a scroll by 80-120 ms.
 */
export function useScrolledAttribute(
  element: RefObject<HTMLElement | null>,
  threshold = HEADER_SCROLL_THRESHOLD,
): void {
  useEffect(() => {
    const update = () => {
      const scrolled = String(window.scrollY > threshold)
      if (element.current && element.current.dataset.scrolled !== scrolled)
        element.current.dataset.scrolled = scrolled
    }
    update()
    window.addEventListener("scroll", update, { passive: true })
    return () => window.removeEventListener("scroll", update)
  }, [element, threshold])
}

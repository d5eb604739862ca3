const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab and Shift+Tab cycling inside `container`, and brings a focus that is outside it
 * back in: the mobile menu is not a modal dialog (mobile-menu.tsx), so nothing else keeps
 * the keyboard out of the page behind it, and a modal one still lets Tab leave for the
 * browser's own UI.
 */
export function trapTab(
  event: Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">,
  container: HTMLElement | null,
): void {
  if (event.key !== "Tab" || !container) return
  const items = [...container.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => element.getClientRects().length > 0,
  )
  if (items.length === 0) return
  const first = items[0]
  const last = items[items.length - 1]
  const active = document.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

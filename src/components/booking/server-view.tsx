import React, { useEffect, useState } from "react"

/**
 * Where the server writes what it rendered for a visit without JavaScript (the slot list and
 * form, or the booking: server/routes/booking-pages.ts). React leaves an element's
 * dangerouslySetInnerHTML alone while hydrating, so what the server wrote stays on screen until
 * the page is interactive; then the live view takes its place.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

export function ServerView() {
  return <div data-booking-server="" dangerouslySetInnerHTML={{ __html: "" }} />
}

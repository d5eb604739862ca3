import React, { Suspense } from "react"

/**
 * Code that the first view does not need (the forms at the foot of every page) is left out
 * of the page's bundles: its prerendered HTML is on screen and works as a plain form from
 * the start (server/routes/form-posts.ts), and React hydrates it once its chunk has loaded,
 * which starts when it nears the viewport or the browser is idle after hydration, whichever
 * comes first. Until then React keeps the server's HTML as it is (selective hydration).
 */
const pending = new Set<Promise<unknown>>()

/** Resolves once every deferred part known so far has loaded (the hydration mark waits for it). */
export function deferredPartsLoaded(): Promise<void> {
  return Promise.all([...pending]).then(() => undefined)
}

function nearViewportOrIdle(selector: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === "undefined") return resolve()
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200))
    idle(() => resolve(), { timeout: 2000 })
    const target = document.querySelector(selector)
    if (!target || !("IntersectionObserver" in window)) return resolve()
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          resolve()
        }
      },
      { rootMargin: "600px" },
    )
    observer.observe(target)
  })
}

/**
 * A component loaded after the first view. `anchor` is a selector of an element outside it
 * (already hydrated) that tells when it nears the viewport.
 */
export function deferred<P extends object>(anchor: string, load: () => Promise<React.ComponentType<P>>) {
  let loading: Promise<{ default: React.ComponentType<P> }> | null = null
  const Lazy = React.lazy(() => {
    loading ??= nearViewportOrIdle(anchor).then(load).then((component) => ({ default: component }))
    pending.add(loading)
    return loading
  })
  return function Deferred(props: P) {
    return <Suspense fallback={null}>{React.createElement(Lazy as unknown as React.ComponentType<P>, props)}</Suspense>
  }
}

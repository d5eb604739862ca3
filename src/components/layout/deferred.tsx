import React, { lazy, Suspense, useEffect } from "react"
import { onFirstInput } from "../../browser/first-input"
import { whenIdle } from "../../browser/when-idle"

type Parts = typeof import("./below-the-fold")

let parts: Parts | null = null
let loading: Promise<Parts> | null = null

const TOUCH_EVENTS = ["pointerdown", "keydown", "focusin"] as const

/** The visitor's next touch, key or focus, or else idle time (after the first screen) or `ms`. */
function touchedOr(or: "idle" | number): Promise<void> {
  return new Promise((resolve) => {
    const stop = onFirstInput(TOUCH_EVENTS, resolve)
    const start = () => {
      stop()
      resolve()
    }
    if (or === "idle") whenIdle(start, { timeoutMs: 2000 })
    else window.setTimeout(start, or)
  })
}

/**
 * The below-the-fold code: at once on the server, which renders it into the HTML; in the browser
 * once the first screen is interactive. Until then React keeps the server's HTML of these parts
 * as it is (a Suspense boundary not yet hydrated): their links and forms work as without
 * JavaScript, and nothing moves when they hydrate. A failed download never rejects, since React
 * would then drop that HTML: it is tried again at the next touch, or 10 s later.
 */
function load(): Promise<Parts> {
  const importParts = () => import(/* webpackChunkName: "below-the-fold" */ "./below-the-fold")
  loading ??= (async () => {
    if (typeof window === "undefined") return (parts = await importParts())
    await touchedOr("idle")
    for (;;) {
      try {
        return (parts = await importParts())
      } catch {
        await touchedOr(10_000)
      }
    }
  })()
  return loading
}

// The parts rendered and not yet hydrated: <body data-hydrated> waits for them (app-root.tsx).
const waiting = new Set<string>()
let settle = () => {}
const allHydrated = new Promise<void>((resolve) => (settle = resolve))

/** Resolves once every deferred part of the first page is hydrated. */
export const deferredPartsHydrated = (): Promise<void> =>
  waiting.size === 0 ? Promise.resolve() : allHydrated

function Hydrated({ name }: { name: string }) {
  useEffect(() => {
    waiting.delete(name)
    if (waiting.size === 0) settle()
  }, [name])
  return null
}

function deferred(name: keyof Parts) {
  const Part = lazy(() =>
    load().then((module): { default: React.ComponentType } => ({ default: module[name] })),
  )
  function Deferred() {
    if (!parts) waiting.add(name)
    return (
      <Suspense fallback={null}>
        <Part />
        <Hydrated name={name} />
      </Suspense>
    )
  }
  Deferred.displayName = `Deferred(${name})`
  // Memoised: a re-render of the page around it (the motion kit arriving, for one) must not
  // reach the boundary before it hydrates, or React drops its server HTML and renders it anew.
  return React.memo(Deferred)
}

export const ContactBand = deferred("ContactBand")
export const Footer = deferred("Footer")

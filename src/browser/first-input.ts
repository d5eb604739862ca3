/**
 * Calls `callback` once, at the visitor's first event of one of `types` anywhere in the page
 * (listened to on the document in the capture phase, so that no handler can stop it, and
 * passive, so that none waits for it). Returns a function that stops listening. Shared by the
 * code loaded after the first screen: the below-the-fold parts and the motion kit.
 */
export function onFirstInput(types: readonly string[], callback: () => void): () => void {
  const stop = () => {
    for (const type of types) document.removeEventListener(type, first, true)
  }
  const first = () => {
    stop()
    callback()
  }
  for (const type of types) document.addEventListener(type, first, { capture: true, passive: true })
  return stop
}

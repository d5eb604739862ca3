// What the two performance gates (Lighthouse, interactions) share: their ratchets, the best
// figures reached so far (lighthouse-ratchet.json, interactions-ratchet.json), read before a
// measurement and lowered by `--update-ratchet`; the median their figures are taken as; and the
// way a gate decides.
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")

/** The ratchet saved in the project's root under `name`, or null before the first. */
export function readRatchet<T>(name: string): T | null {
  const file = path.join(ROOT, name)
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null
}

/**
 * The median; for an even count the mean of the two middle values. The upper middle, which both
 * gates took until 2026-11-29, made a median of two its worst: the interactions gate's admin taps
 * are two per one-run measurement, and one slow tap of 128 ms beside one of 40 failed a
 * fresh-clone CI's first measurement, where the worst has a limit of its own.
 */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export function writeRatchet(name: string, ratchet: object): void {
  fs.writeFileSync(path.join(ROOT, name), `${JSON.stringify(ratchet, null, 2)}\n`)
  console.log(`Ratchet written to ${name}.`)
}

export type GateRun<M> = {
  /** What is measured again, for the message: "every page", "every interaction". */
  what: string
  measure: () => Promise<M>
  /** The measurement taken after a failure, when it differs from the first (more runs). */
  measureAgain?: () => Promise<M>
  /** Prints the measurement and returns its regressions against the ratchet. */
  report: (measurement: M) => string[]
  /** Given with `--update-ratchet`: lowers the ratchet from the (only) measurement. */
  update?: (measurement: M) => void
}

/**
 * Measures and reports; when the report finds regressions, measures once more and the second
 * measurement decides: a real regression fails both, a burst of load on the host rarely
 * does. A passing run costs nothing extra. Updating the ratchet takes one measurement.
 * Returns the deciding measurement's regressions.
 */
export async function runGate<M>({
  what,
  measure,
  measureAgain = measure,
  report,
  update,
}: GateRun<M>): Promise<string[]> {
  const first = await measure()
  let found = report(first)
  if (update) {
    update(first)
    return found
  }
  if (found.length) {
    console.log(`\nThe gate failed: measuring ${what} once more; this measurement decides.`)
    found = report(await measureAgain())
  }
  return found
}

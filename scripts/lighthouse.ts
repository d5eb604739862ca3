// Lighthouse gate (npm run lighthouse, after npm run build): Lighthouse 12 with its default
// mobile settings (simulated mid-range phone, 4x CPU slowdown), three runs per page (or
// LIGHTHOUSE_RUNS), the median of each performance figure (accessibility, best practices and SEO from the first run),
// against the real server started here on the built site. A page's script time (evaluation,
// parsing, compiling) is printed beside its main-thread time, in the same units, not gated: its
// sum over the pages varied by 30 % between clean runs on a noisy host (2026-11-29).
// Fails when accessibility, best practices or SEO is under 100, or when a page does clearly
// more work than the best reached so far (lighthouse-ratchet.json; `--update-ratchet` lowers it).
//
// The gate follows the work, not the host. Lighthouse simulates the phone from the real task
// lengths times four, so on a slower (or busier) machine every time grows and blocking time
// jumps nonlinearly at the 50 ms task threshold: the same build gave TBT 20 ms at benchmark
// index 3,240 and 425-1,244 ms at 2,031. What does not depend on the host is the work itself,
// measured against a yardstick: a fixed page (scripts/calibration.ts) loaded by the same
// Lighthouse in the same browser before every run and after the last. A page's work is its
// main-thread time (Lighthouse's main-thread breakdown) in thousandths of the yardstick's,
// measured next to it. A heavier bundle or more layout raises it at any host speed; a slower
// or busier host slows the yardstick as much. (Normalising by Lighthouse's benchmark index
// instead failed a fresh clone whose index said 1.2x slower while its pages took 1.7x longer.)
// Performance, TBT and LCP are gated only when the yardstick and the benchmark index both say
// the host is about as fast as when the ratchet was set (`hostSlowdown`), and printed always.
// A page's blocking work (`blockingWork`: its tasks beyond a line, both measured against the
// yardstick) is printed beside them, not gated (docs/PERFORMANCE.md, Lighthouse).
// A failing measurement is taken again once (with LIGHTHOUSE_RETRY_RUNS runs per page), and the
// second decides: a regression fails both, a passing burst of load on the host does not.
import { startCalibrationServer } from "./calibration"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium"
import { median, readRatchet, runGate, writeRatchet } from "./ratchet-gate"
import { requireBuild } from "./require-build"
import { startSiteServer } from "./site-server"

const RATCHET_FILE = "lighthouse-ratchet.json"
// Runs per page in the first measurement, and in the one a failure asks for (which decides).
// CI takes one run and three after a failure (.ci/run): a clean build passes in a third of the
// time, and a run that a burst of load pushed over the line is measured again as the median of
// three, steadier than the single run it replaces.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const RETRY_RUNS = Number(process.env.LIGHTHOUSE_RETRY_RUNS ?? RUNS)
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH
// Without a spare renderer, the page's renderer is started for its navigation, while the trace
// is recording, and records from its first instruction. Chromium otherwise commits the
// navigation in a renderer it started in advance, before the trace, and on a slow host that
// renderer could receive the page before it had started recording: the trace then lacks the
// page's navigationStart and Lighthouse fails it (NO_NAVSTART). Two slowed cores (cgroups at 70 %
// of a core each, commit 0e89e4c): 9 such failures in 24 runs with the spare
// renderer, none in 36 without it.
const CHROME_FLAGS = [...CHROMIUM_ARGS, "--disable-features=SpareRendererForSitePerProcess"].join(
  " ",
)

const pages = [
  "/",
  "/contact",
  "/produit/creaform",
  "/blog/bien-utiliser-le-nps",
  "/de",
  "/de/contact",
  "/de/produit/creaform",
  "/de/blog/bien-utiliser-le-nps",
]

export type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  mainThread: number
  /** Main-thread time in script evaluation, parsing and compiling (ms). */
  script: number
  work: number
  scriptWork: number
  blocking: number
}
type Ratchet = Record<
  string,
  Pick<Figures, "performance" | "lcp" | "tbt" | "cls"> & { work?: number }
>

// The goals shown under the table (issue 16: TBT under 50 ms, no page under 98). The gate itself
// fails on accessibility, best practices or SEO under 100 and on a clear fall below the ratchet.
const targets = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 1800,
  tbt: 50,
  cls: 0.02,
}
// Run-to-run noise on this 2-core machine (medians of 3 on a quiet machine: TBT varied by
// 100 to 190 ms, performance by 6 points): a page fails the ratchet only beyond these margins.
// `slowdown` (the yardstick's main-thread time in this run over the ratchet's, at least 1)
// widens them when the machine is busier or slower than when the ratchet was set.
const noise = {
  performance: (slowdown: number) => Math.min(15, Math.round(6 * slowdown)),
  lcp: (best: number, slowdown: number) => best * (slowdown - 1) + best * 0.15 + 150,
  tbt: (best: number, slowdown: number) => best * (slowdown - 1) + best * 0.5 + 150,
  cls: 0.01,
  // One page's work against the yardstick varied by up to 21 % between two runs of the same
  // build (2026-11-28: /de/contact 2,377 then 1,878), as it did by up to 28 % against the
  // benchmark index before: one page fails beyond 60 %.
  work: (best: number) => best * 0.6,
  // The sum over the pages varied by 3 % between the same two runs, and by 5 % with a core of
  // the machine kept busy (the yardstick then 1.43x slower); but on a host whose speed swung
  // within seconds (2026-11-29, index 1,097-2,258) four clean runs summed 16,604-20,185 against
  // the ratchet's 17,160, 1.18x at most: the pages slowed more than the fixed page between them.
  // So it fails beyond 25 %, which a regression shared by every page (a heavier framework
  // bundle, a forced layout in the layout: 2.07x for the heavier start-up of 2026-11-28) crosses
  // at any host speed.
  totalWork: (best: number) => best * 0.25,
}
// Where a task starts to block, in thousandths of the yardstick: 12.5 ms of real time (50 ms at
// 4x) when the yardstick takes 624 ms, as it did when lighthouse-ratchet.json was set.
const BLOCKING_TASK = 20
// Above this slowdown the host-dependent figures (performance, LCP, TBT) are printed, not gated.
const HOST_GATE_SLOWDOWN = 1.15

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LighthouseResult } | undefined>
type LighthouseResult = {
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<
    string,
    | { numericValue?: number; details?: { items?: { duration: number; group?: string }[] } }
    | undefined
  >
  environment?: { benchmarkIndex?: number }
  runtimeError?: { code: string; message: string }
}

/** The Chromium Lighthouse drives: one for every run, replaced after a run that failed. */
type Browser = { port(): number; replace(): Promise<void> }

const ATTEMPTS = 5

const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
// Accessibility, best practices and SEO are audited on a page's first run only: they read the
// page once loaded, not its timing, and gathering them took a run from about 7.5 s to 9-15 s
// here (2026-11-29), a minute and a half of every CI run over 24 runs.
const PERFORMANCE_ONLY = ["performance"]

/**
 * One run's figures (`work` and `blocking` left at 0 until the yardstick measured next to it is
 * known) and the length of each of its main-thread tasks (ms, real time, over 5 ms).
 */
type Run = { figures: Figures; benchmarkIndex: number; tasks: number[] }

// One Chromium for every run (Lighthouse opens a fresh tab and clears storage each time),
// and Lighthouse in this process: a CLI run per page spent seconds starting both.
async function runLighthouse(
  lighthouse: Lighthouse,
  browser: Browser,
  url: string,
  only: { audits: string[] } | { categories: string[] } = { categories: ALL_CATEGORIES },
): Promise<Run> {
  let report: LighthouseResult | undefined
  // A trace now and then comes back unusable (NO_FCP; NO_NAVSTART before CHROME_FLAGS left the
  // spare renderer out), more often on a slow host: Lighthouse itself says to run again. The
  // next attempt gets a fresh Chromium, since one such failure was often followed by more in the
  // same browser.
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    report = (
      await lighthouse(url, {
        port: browser.port(),
        output: "json",
        logLevel: "error",
        onlyCategories: "categories" in only ? only.categories : undefined,
        onlyAudits: "audits" in only ? only.audits : undefined,
      })
    )?.lhr
    if (report && !report.runtimeError) break
    process.stderr.write(
      `lighthouse: ${url}: ${report?.runtimeError?.code ?? "no result"}, attempt ${attempt} of ${ATTEMPTS}\n`,
    )
    if (attempt < ATTEMPTS) await browser.replace()
  }
  if (!report || report.runtimeError)
    throw new Error(`${url}: ${report?.runtimeError?.code} ${report?.runtimeError?.message}`)
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  const tasks = (report.audits["main-thread-tasks"]?.details?.items ?? []).map(
    (task) => task.duration,
  )
  const script = (report.audits["mainthread-work-breakdown"]?.details?.items ?? [])
    .filter((item) => item.group === "scriptEvaluation" || item.group === "scriptParseCompile")
    .reduce((sum, item) => sum + item.duration, 0)
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      mainThread: audit("mainthread-work-breakdown"),
      script,
      work: 0,
      scriptWork: 0,
      blocking: 0,
    },
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
    tasks,
  }
}

/** The yardstick's main-thread time (ms): one load of the fixed page. */
async function yardstick(lighthouse: Lighthouse, browser: Browser, url: string) {
  return (await runLighthouse(lighthouse, browser, url, { audits: ["mainthread-work-breakdown"] }))
    .figures.mainThread
}

type Measurement = {
  /** Runs per page. */
  runs: number
  results: { page: string; figures: Figures }[]
  /** The yardstick's main-thread time over the whole measurement (median, ms). */
  yardstick: number
  benchmarkIndex: number
}

/**
 * The yardstick a run's work is given against: the mean of the loads just before and just after
 * that run, so that a host slower for half a minute is seen where it was (measured around a
 * page's three runs instead, as until 2026-11-29, it missed a swing within them: a clean
 * `/de/produit/creaform` read 3,795 against a limit of 3,363 in a fresh-clone CI run whose
 * benchmark index fell to 1,402); but never less than the ratchet's. A faster host does not
 * tighten anything (as in `hostSlowdown`): the yardstick has read faster than the pages by up
 * to a fifth in fresh-clone CI runs (453 ms against the ratchet's 624, the pages' work summed
 * then 20,467 against a limit of 20,592, TBT 8-50 ms).
 */
export function workYardstick(before: number, after: number, ratchet: number | undefined): number {
  return Math.max((before + after) / 2, ratchet ?? 0)
}

/**
 * Every page's median figures, each run's work given against the yardstick loaded just before
 * and just after it (`workYardstick`).
 */
async function measure(
  lighthouse: Lighthouse,
  browser: Browser,
  origin: string,
  yardstickUrl: string,
  ratchetYardstick: number | undefined,
  count: number,
): Promise<Measurement> {
  const results: { page: string; figures: Figures }[] = []
  const benchmarkIndexes: number[] = []
  const yardsticks = [await yardstick(lighthouse, browser, yardstickUrl)]
  for (const page of pages) {
    const runs: Figures[] = []
    for (let run = 0; run < count; run++) {
      const measured = await runLighthouse(lighthouse, browser, `${origin}${encodeURI(page)}`, {
        categories: run === 0 ? ALL_CATEGORIES : PERFORMANCE_ONLY,
      })
      benchmarkIndexes.push(measured.benchmarkIndex)
      yardsticks.push(await yardstick(lighthouse, browser, yardstickUrl))
      const local = workYardstick(yardsticks.at(-2)!, yardsticks.at(-1)!, ratchetYardstick)
      runs.push({
        ...measured.figures,
        work: (1000 * measured.figures.mainThread) / local,
        scriptWork: (1000 * measured.figures.script) / local,
        blocking: blockingWork(measured.tasks, local),
      })
    }
    results.push({ page, figures: pageFigures(runs) })
    process.stderr.write(`lighthouse: ${page} done (${count} runs)\n`)
  }
  return {
    runs: count,
    results,
    yardstick: median(yardsticks),
    benchmarkIndex: Math.round(median(benchmarkIndexes)),
  }
}

/**
 * Blocking work, printed beside TBT: what each main-thread task takes beyond BLOCKING_TASK,
 * summed, both in thousandths of the yardstick measured next to it; about the blocking time the
 * page would give on a host as fast as the ratchet's, over the whole load. It follows the tasks
 * rather than the host (a core kept busy left it where it was while TBT doubled), but not well
 * enough to gate: the line amplifies the yardstick's own spread, and a clean build was read 40 %
 * over its best in a CI run whose yardstick ran 11 % faster than the ratchet's.
 */
export function blockingWork(tasks: number[], yardstick: number): number {
  return tasks.reduce(
    (sum, task) => sum + Math.max(0, (1000 * task) / yardstick - BLOCKING_TASK),
    0,
  )
}

/**
 * A page's figures from its runs: the median of each performance figure, and accessibility, best
 * practices and SEO from the first run, the only one that audits them (the others read 0).
 */
export function pageFigures(runs: Figures[]): Figures {
  const { accessibility, bestPractices, seo } = runs[0]
  return { ...medianFigures(runs), accessibility, bestPractices, seo }
}

function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]) as (keyof Figures)[]
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as Figures
}

/** Why the pages together fail: clearly more main-thread work, summed, than the ratchet's sum. */
export function totalWorkFailure(works: number[], best: number | undefined): string | null {
  const total = works.reduce((sum, work) => sum + work, 0)
  if (best === undefined || total <= best + noise.totalWork(best)) return null
  return (
    `main-thread work of all pages ${Math.round(total)} > ratchet ${best} ` +
    `+ ${Math.round(noise.totalWork(best))} (thousandths of the yardstick)`
  )
}

/**
 * Why a page fails: under 100 where 100 is required, clearly more main-thread work than its
 * best so far, or (on a host about as fast as the ratchet's) clearly below its best figures.
 */
export function failures(
  figures: Figures,
  best: Ratchet[string] | undefined,
  slowdown = 1,
): string[] {
  const found: string[] = []
  for (const key of ["accessibility", "bestPractices", "seo"] as const) {
    if (figures[key] < 100) found.push(`${key} ${figures[key]} < 100`)
  }
  if (!best) return found
  if (figures.cls > best.cls + noise.cls)
    found.push(`CLS ${figures.cls.toFixed(3)} > ratchet ${best.cls.toFixed(3)} + ${noise.cls}`)
  if (best.work !== undefined && figures.work > best.work + noise.work(best.work)) {
    found.push(
      `main-thread work ${Math.round(figures.work)} > ratchet ${best.work} ` +
        `+ ${Math.round(noise.work(best.work))} (thousandths of the yardstick)`,
    )
  }
  if (slowdown > HOST_GATE_SLOWDOWN) return found
  const allowedDrop = noise.performance(slowdown)
  if (figures.performance < best.performance - allowedDrop)
    found.push(`performance ${figures.performance} < ratchet ${best.performance} - ${allowedDrop}`)
  if (figures.lcp > best.lcp + noise.lcp(best.lcp, slowdown))
    found.push(
      `LCP ${ms(figures.lcp)} > ratchet ${ms(best.lcp)} + ${ms(noise.lcp(best.lcp, slowdown))}`,
    )
  if (figures.tbt > best.tbt + noise.tbt(best.tbt, slowdown))
    found.push(
      `TBT ${ms(figures.tbt)} > ratchet ${ms(best.tbt)} + ${ms(noise.tbt(best.tbt, slowdown))}`,
    )
  return found
}

function ms(value: number): string {
  return `${Math.round(value)} ms`
}

function table(results: { page: string; figures: Figures }[]): string {
  const head = [
    "page",
    "perf",
    "a11y",
    "bp",
    "SEO",
    "LCP",
    "TBT",
    "CLS",
    "main",
    "work",
    "script",
    "block",
  ]
  const rows = results.map(({ page, figures }) => [
    page,
    String(figures.performance),
    String(figures.accessibility),
    String(figures.bestPractices),
    String(figures.seo),
    `${(figures.lcp / 1000).toFixed(2)} s`,
    ms(figures.tbt),
    figures.cls.toFixed(3),
    ms(figures.mainThread),
    String(Math.round(figures.work)),
    String(Math.round(figures.scriptWork)),
    String(Math.round(figures.blocking)),
  ])
  rows.push([
    "target",
    `>= ${targets.performance}`,
    "100",
    "100",
    "100",
    `< ${targets.lcp / 1000} s`,
    `< ${targets.tbt} ms`,
    `< ${targets.cls}`,
    "",
    "ratchet",
    "ratchet",
    "printed",
  ])
  const widths = head.map((_, column) =>
    Math.max(...[head, ...rows].map((row) => row[column].length)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join("  ")
  return [line(head), ...rows.slice(0, -1).map(line), line(rows[rows.length - 1])].join("\n")
}

type Saved = {
  workNote?: string
  yardstick?: number
  /** The benchmark index at which the best performance, LCP and TBT were reached. */
  benchmarkIndex?: number
  work?: number
  pages: Ratchet
}

/**
 * How much slower this host is than the ratchet's, for the figures that depend on it
 * (performance, LCP, TBT): the larger of the yardstick's slowdown and the benchmark index's,
 * at least 1. Blocking time jumps at its 50 ms threshold, so those figures are gated only when
 * both say the host is about as fast: the yardstick follows a host whose cores are shared
 * (which the index misses), the index a host whose every core is slower (which a yardstick of
 * the same page weight may follow less closely: the CI run of 0c485e2 here gave the pages'
 * main thread 1.2x their quiet time, the yardstick 1.09x, the index 1.19x).
 */
export function hostSlowdown(
  now: { yardstick: number; benchmarkIndex: number },
  saved: Pick<Saved, "yardstick" | "benchmarkIndex"> | null,
): number {
  const yardstick = now.yardstick / (saved?.yardstick ?? now.yardstick)
  const index = (saved?.benchmarkIndex ?? now.benchmarkIndex) / Math.max(1, now.benchmarkIndex)
  return Math.max(1, yardstick, index)
}

/** The measurement's verdict against the ratchet: the failures, printed with the table. */
function report(measurement: Measurement, saved: Saved | null): string[] {
  const { runs, results, yardstick, benchmarkIndex } = measurement
  const ratchet: Ratchet = saved?.pages ?? {}
  const slowdown = hostSlowdown(measurement, saved)
  console.log(
    `Lighthouse 12, mobile settings, median of ${runs} runs (accessibility, best practices ` +
      `and SEO: the first); the yardstick's main thread ` +
      `${ms(yardstick)} (ratchet set at ${saved?.yardstick ? ms(saved.yardstick) : "-"}); ` +
      `benchmarkIndex ${benchmarkIndex} (ratchet set at ${saved?.benchmarkIndex ?? "-"})`,
  )
  console.log(
    slowdown > HOST_GATE_SLOWDOWN
      ? `This host is ${slowdown.toFixed(2)}x slower than the ratchet's: performance, ` +
          `LCP and TBT are printed, not gated; main-thread work and CLS are gated.`
      : "Host about as fast as the ratchet's: performance, LCP, TBT, CLS and main-thread work are gated.",
  )
  console.log(table(results))
  const found: string[] = []
  for (const { page, figures } of results) {
    const failed = failures(figures, ratchet[page], slowdown)
    if (failed.length) found.push(`${page}: ${failed.join("; ")}`)
  }
  const works = results.map(({ figures }) => figures.work)
  console.log(
    `main-thread work of all pages: ${Math.round(works.reduce((sum, work) => sum + work, 0))} ` +
      `(ratchet ${saved?.work ?? "-"})`,
  )
  const scripts = results.reduce((sum, { figures }) => sum + figures.scriptWork, 0)
  console.log(`script work of all pages: ${Math.round(scripts)} (printed, not gated)`)
  const blocking = results.reduce((sum, { figures }) => sum + figures.blocking, 0)
  console.log(`blocking work of all pages: ${Math.round(blocking)} (printed, not gated)`)
  const total = totalWorkFailure(works, saved?.work)
  if (total) found.push(total)
  for (const line of found) console.log(`FAIL ${line}`)
  return found
}

function updateRatchet(measurement: Measurement, saved: Saved | null) {
  const ratchet: Ratchet = { ...saved?.pages }
  for (const { page, figures } of measurement.results) {
    const best = ratchet[page]
    ratchet[page] = best
      ? {
          performance: Math.max(best.performance, figures.performance),
          lcp: Math.round(Math.min(best.lcp, figures.lcp)),
          tbt: Math.round(Math.min(best.tbt, figures.tbt)),
          cls: Math.min(best.cls, Number(figures.cls.toFixed(4))),
          work: Math.round(Math.min(best.work ?? Infinity, figures.work)),
        }
      : {
          performance: figures.performance,
          lcp: Math.round(figures.lcp),
          tbt: Math.round(figures.tbt),
          cls: Number(figures.cls.toFixed(4)),
          work: Math.round(figures.work),
        }
  }
  const note =
    "Best Lighthouse figures reached so far (npm run lighthouse -- --update-ratchet); CI fails clearly below them. " +
    "work: main-thread time in thousandths of the yardstick's (scripts/calibration.ts); yardstick: its main-thread time (ms) when set."
  const work = Math.round(
    Math.min(
      saved?.work ?? Infinity,
      measurement.results.reduce((sum, { figures }) => sum + figures.work, 0),
    ),
  )
  // The fastest yardstick seen: performance, LCP and TBT are gated on hosts about that fast.
  const yardstick = Math.round(Math.min(saved?.yardstick ?? Infinity, measurement.yardstick))
  const benchmarkIndex = Math.max(saved?.benchmarkIndex ?? 0, measurement.benchmarkIndex)
  writeRatchet(RATCHET_FILE, {
    note,
    workNote: saved?.workNote,
    yardstick,
    benchmarkIndex,
    work,
    pages: ratchet,
  })
}

async function main() {
  requireBuild()
  const update = process.argv.includes("--update-ratchet")
  // Both are ES modules only: a dynamic import loads them from this CommonJS script.
  const { default: lighthouse } = (await import("lighthouse")) as unknown as { default: Lighthouse }
  const chromeLauncher = await import("chrome-launcher")
  const server = await startSiteServer()
  const calibration = await startCalibrationServer()
  const launch = () =>
    chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS.split(" ") })
  let chrome = await launch()
  const browser: Browser = {
    port: () => chrome.port,
    replace: async () => {
      chrome.kill()
      chrome = await launch()
    },
  }
  const saved = readRatchet<Saved>(RATCHET_FILE)
  let found: string[] = []
  try {
    found = await runGate({
      what: "every page",
      measure: () =>
        measure(lighthouse, browser, server.origin, calibration.url, saved?.yardstick, RUNS),
      measureAgain: () =>
        measure(lighthouse, browser, server.origin, calibration.url, saved?.yardstick, RETRY_RUNS),
      report: (measurement) => report(measurement, saved),
      update: update ? (measurement) => updateRatchet(measurement, saved) : undefined,
    })
  } finally {
    server.stop()
    await calibration.stop()
    chrome.kill()
  }
  console.log(found.length ? "Lighthouse gate: FAILED" : "Lighthouse gate: ok")
  process.exit(found.length ? 1 : 0)
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}

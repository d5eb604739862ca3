import { bundleUrls, deferBundles, LOADER } from "./defer-bundles"

const gatsbyPage = (scripts: string) =>
  `<html><head><script>theme()</script></head><body><div id="___gatsby">page</div>` +
  `<script id="gatsby-script-loader">window.pagePath="/";</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" --><script>window.___chunkMapping="{}";</script>${scripts}<!-- ` +
  `slice-end id="_gatsby-scripts-1" --></body></html>`

const tags =
  '<script src="/webpack-runtime-1.js" async></script><script ' +
  'src="/framework-2.js" async></script><script src="/app-3.js" async></script>'

describe("deferBundles", () => {
  it("hands Gatsby's bundle tags, in order, to one loader at the end of the script slice", () => {
    const html = deferBundles(gatsbyPage(tags))
    expect(html).not.toContain(" async></script>")
    expect(html).toContain(
      `<script>window.___chunkMapping="{}";</script><script data-bundles="/webpack-runtime-1.js ` +
        `/framework-2.js /app-3.js">${LOADER}</script><!-- slice-end`,
    )
    expect(bundleUrls(html)).toEqual(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])
  })

  it("leaves a page without Gatsby's script slice, or already rewritten, unchanged", () => {
    const plain = '<html><body><script src="/other.js" async></script></body></html>'
    expect(deferBundles(plain)).toBe(plain)
    const once = deferBundles(gatsbyPage(tags))
    expect(deferBundles(once)).toBe(once)
    expect(bundleUrls(plain)).toEqual(["/other.js"])
  })

  it("loads the bundles after the first contentful paint, and at once where paint is not reported", () => {
    const appended: string[] = []
    let observed: ((list: { getEntriesByName(name: string): unknown[] }) => void) | null = null
    let timer: (() => void) | null = null
    const run = (supportedEntryTypes: string[] | null, visibilityState = "visible") => {
      appended.length = 0
      observed = null
      const script = { getAttribute: () => "/a.js /b.js" }
      const document = {
        currentScript: script,
        visibilityState,
        getElementById: () => ({ textContent: "The page's text" }),
        createElement: () => ({ src: "" }),
        body: { appendChild: (element: { src: string }) => appended.push(element.src) },
      }
      class Observer {
        static supportedEntryTypes = supportedEntryTypes
        constructor(callback: typeof observed) {
          observed = callback
        }
        observe() {}
      }
      const window = { PerformanceObserver: supportedEntryTypes ? Observer : undefined }
      new Function("window", "document", "setTimeout", LOADER)(
        window,
        document,
        (callback: () => void) => (timer = callback),
      )
    }

    run(["paint"])
    expect(appended).toEqual([])
    observed!({ getEntriesByName: () => [] })
    expect(appended).toEqual([])
    observed!({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) })
    expect(appended).toEqual(["/a.js", "/b.js"])
    timer!()
    expect(appended).toEqual(["/a.js", "/b.js"])

    run(["paint"])
    timer!()
    expect(appended).toEqual(["/a.js", "/b.js"])

    run(null)
    expect(appended).toEqual(["/a.js", "/b.js"])
    run(["paint"], "hidden")
    expect(appended).toEqual(["/a.js", "/b.js"])
  })

  it(
    "on a page with no text to paint, loads the bundles after " +
      "the first frame, never waiting for a paint that cannot come",
    () => {
      const run = (text: string) => {
        const appended: string[] = []
        const frames: Array<() => void> = []
        const timers: Array<{ callback: () => void; ms: number }> = []
        const document = {
          currentScript: { getAttribute: () => "/a.js" },
          visibilityState: "visible",
          getElementById: (id: string) => (id === "___gatsby" ? { textContent: text } : null),
          createElement: () => ({ src: "" }),
          body: { appendChild: (element: { src: string }) => appended.push(element.src) },
        }
        class Observer {
          static supportedEntryTypes = ["paint"]
          observe() {}
        }
        const window = {
          PerformanceObserver: Observer,
          requestAnimationFrame: (callback: () => void) => frames.push(callback),
        }
        new Function("window", "document", "setTimeout", LOADER)(
          window,
          document,
          (callback: () => void, ms: number) => timers.push({ callback, ms }),
        )
        return { appended, frames, timers }
      }
      const blank = run(" \n ")
      expect(blank.appended).toEqual([])
      expect(blank.frames).toHaveLength(1)
      blank.frames[0]()
      blank.timers.find((timer) => timer.ms === 0)!.callback()
      expect(blank.appended).toEqual(["/a.js"])

      // A page with text waits for its contentful paint (or the 5 s fallback), not for a frame.
      const withText = run("Bonjour")
      expect(withText.frames).toHaveLength(0)
      expect(withText.timers.map((timer) => timer.ms)).toEqual([5000])
    },
  )
})

import { onPreBootstrap } from "./release-check"

describe("release build check", () => {
  const run = (release: string | undefined) => {
    const reporter = { panic: jest.fn(), warn: jest.fn() }
    const saved = process.env.SITE_RELEASE
    if (release === undefined) delete process.env.SITE_RELEASE
    else process.env.SITE_RELEASE = release
    try {
      ;(onPreBootstrap as (args: unknown) => void)({ reporter })
    } finally {
      if (saved === undefined) delete process.env.SITE_RELEASE
      else process.env.SITE_RELEASE = saved
    }
    return reporter
  }

  it(
    "stops a release build (SITE_RELEASE=1) on the sample " +
      "content's placeholders, naming file, key and language",
    () => {
      const reporter = run("1")
      expect(reporter.panic).toHaveBeenCalledTimes(1)
      expect(reporter.panic.mock.calls[0][0]).toMatch(
        /- fr {2}locales\/fr\/contact\.json {2}info\.email: \[/,
      )
    },
  )

  it("lets an ordinary build go on with a warning", () => {
    const reporter = run(undefined)
    expect(reporter.panic).not.toHaveBeenCalled()
    expect(reporter.warn.mock.calls[0][0]).toMatch(/placeholders left in content\//)
  })
})

import fs from "node:fs"
import os from "node:os"
import path from "node:path"
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

  it("stops any build while content/ holds a symbolic link, naming it", () => {
    const content = fs.mkdtempSync(path.join(os.tmpdir(), "linked-content-"))
    fs.mkdirSync(path.join(content, "images"))
    fs.symlinkSync("/etc/passwd", path.join(content, "images/photo.png"))
    process.env.CONTENT_DIR = content
    try {
      const reporter = run(undefined)
      expect(reporter.panic).toHaveBeenCalledWith(
        "content/:\n  images/photo.png: a symbolic link is refused (content/ holds files: put the file itself here)",
      )
    } finally {
      delete process.env.CONTENT_DIR
      fs.rmSync(content, { recursive: true, force: true })
    }
  })
})

import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { decide } from "./ensure-build"

describe("ensure-build", () => {
  let root: string
  const write = (file: string, secondsAgo: number) => {
    const full = path.join(root, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, "x")
    const time = new Date(Date.now() - secondsAgo * 1000)
    fs.utimesSync(full, time, time)
  }
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-build-"))
    write("src/pages/index.tsx", 100)
    write("content/locales/fr/home.json", 100)
    write("gatsby-config.ts", 100)
  })
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  it("builds when there is no build", () => {
    expect(decide(root)).toEqual({ action: "build", reason: "public/index.html is missing" })
  })

  it("rebuilds when a source is newer than the build", () => {
    write("public/index.html", 50)
    write("public/csp-hashes.json", 50)
    write("content/locales/de/home.json", 10)
    expect(decide(root)).toEqual({
      action: "build",
      reason: "content/locales/de/home.json is newer than the build",
    })
    write("gatsby-node.ts", 5)
    expect(decide(root).reason).toBe("gatsby-node.ts is newer than the build")
  })

  it("only post-processes a current build that lacks the CSP hashes", () => {
    write("public/index.html", 50)
    expect(decide(root).action).toBe("postbuild")
  })

  it("does nothing when the build is current", () => {
    write("public/index.html", 50)
    write("public/csp-hashes.json", 50)
    expect(decide(root).action).toBe("none")
  })
})

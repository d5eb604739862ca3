// The post-build's last step (postbuild/post-build.ts), over everything written before it: each
// page's bundles handed to a loader that runs after first paint (./defer-bundles), the CSP
// hashes of the inline scripts the build wrote (./build-scripts), and Brotli and gzip copies of text files, so that the
// server compresses nothing at request time. The server's own rules say which files are
// compressed and where the hashes go (server/static/).
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import zlib from "node:zlib"
import { inlineScripts, scriptHash } from "../server/static/csp"
import { COMPRESSIBLE } from "../server/static/file-types"
import { CSP_HASHES_FILE } from "../server/static/site-files"
import { foreignAttributes, isBuildScript } from "./build-scripts"
import { deferBundles, hasLoader } from "./defer-bundles"

// Below this, compression saves less than a packet and costs a header.
const MIN_BYTES = 512
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const unbrotli = promisify(zlib.brotliDecompress)
const gunzip = promisify(zlib.gunzip)

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

/** Whether `copy` exists and decompresses to exactly `body` (reading no more than its length). */
async function holds(
  copy: string,
  body: Buffer,
  decompress: (data: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>,
) {
  try {
    const data = await fs.promises.readFile(copy)
    return (await decompress(data, { maxOutputLength: body.length })).equals(body)
  } catch {
    return false
  }
}

/**
 * Writes the file's Brotli and gzip copies, unless both on disk already hold its body: an
 * incremental build (the publisher's workspace keeps public/) leaves most files as they were,
 * and checking the copies costs about 1 CPU-s for this site, against 28 for writing them.
 * Whether it wrote them.
 */
async function compress(file: string, body: Buffer): Promise<boolean> {
  const current = await Promise.all([
    holds(`${file}.br`, body, unbrotli),
    holds(`${file}.gz`, body, gunzip),
  ])
  if (current.every(Boolean)) return false
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  }
  const [br, gz] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })])
  fs.writeFileSync(`${file}.br`, br)
  fs.writeFileSync(`${file}.gz`, gz)
  return true
}

export async function finish(publicDir: string) {
  const hashes: Record<string, string[]> = {}
  const foreign: string[] = []
  let deferred = 0
  let removedMaps = 0
  let withLoader = 0
  // zlib's async calls run on libuv's thread pool, one file per thread.
  const pending: Promise<boolean>[] = []
  for (const file of walk(publicDir)) {
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join("/")}`
    if (/\.(br|gz)$/.test(file) || urlPath === `/${CSP_HASHES_FILE}`) continue
    // Source maps hold the whole source: they stay out of what is served (docs/FIRST-LOAD.md).
    if (file.endsWith(".map")) {
      fs.rmSync(file)
      removedMaps++
      continue
    }
    let body = fs.readFileSync(file)
    if (urlPath.endsWith(".html")) {
      const html = body.toString("utf8")
      const rewritten = deferBundles(html)
      if (rewritten !== html) {
        fs.writeFileSync(file, rewritten)
        body = Buffer.from(rewritten, "utf8")
        deferred++
      }
      if (hasLoader(rewritten)) withLoader++
      const scripts = inlineScripts(rewritten)
      hashes[urlPath] = [...new Set(scripts.filter(isBuildScript).map((s) => scriptHash(s.body)))]
      for (const script of scripts.filter((s) => !isBuildScript(s)))
        foreign.push(`${urlPath}: ${JSON.stringify(script.body.slice(0, 80))}`)
      for (const attribute of foreignAttributes(rewritten))
        foreign.push(`${urlPath}: ${JSON.stringify(attribute)}`)
    }
    if (!COMPRESSIBLE.test(file) || body.length < MIN_BYTES) continue
    pending.push(compress(file, body))
  }
  const compressed = (await Promise.all(pending)).filter(Boolean).length
  // A step that finds nothing to do means the build changed under it (Gatsby renamed its
  // script slice, the output moved): stop the build rather than ship pages without it.
  const pages = Object.keys(hashes).length
  if (pages === 0) throw new Error(`post-build: no HTML page under ${publicDir}`)
  if (withLoader === 0)
    throw new Error(
      "post-build: no page has Gatsby's script slice (`_gatsby-scripts-1`) " +
        "or the after-paint loader; see postbuild/defer-bundles.ts",
    )
  if (pending.length === 0) throw new Error("post-build: no file to compress")
  // A script the build did not write gets no hash, and no page ships with one.
  if (foreign.length > 0)
    throw new Error(
      `post-build: inline scripts or script attributes the build did not write (postbuild/build-scripts.ts):\n  ${foreign.join("\n  ")}`,
    )
  fs.writeFileSync(path.join(publicDir, CSP_HASHES_FILE), `${JSON.stringify(hashes, null, 1)}\n`)
  const kept = pending.length - compressed
  return { pages, deferred, withLoader, compressed, kept, removedMaps }
}

export function finishSummary(done: Awaited<ReturnType<typeof finish>>): string {
  const { pages, deferred, withLoader, compressed, kept, removedMaps } = done
  return (
    `bundles loaded after first paint on ${withLoader} pages (${deferred} rewritten now); ` +
    `CSP hashes for ${pages} pages in ${CSP_HASHES_FILE}; ${compressed} files compressed ` +
    `(.br, .gz), ${kept} kept from the last build; ${removedMaps} source maps removed`
  )
}

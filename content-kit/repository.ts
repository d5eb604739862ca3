// The repository's root folder: the nearest one above this file that holds package.json. The
// answer is the same from the sources (tsx, jest, Gatsby's Node side) and from the server's
// bundle in dist/server/ (server/bundle/), which sits at another depth.
import fs from "node:fs"
import path from "node:path"

function findRepository(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const REPOSITORY = findRepository(__dirname)

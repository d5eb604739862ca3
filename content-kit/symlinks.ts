// content/ holds files, never links (issue 46 finding 5): a link could publish a file from
// outside the repository, or put its bytes into the check's or the build's log. The content
// check looks for them first, with lstat, and reads nothing while one is there.
import fs from "node:fs"
import path from "node:path"

/** Every symbolic link under `root`, relative to it, found without following any. */
export function findSymlinks(root: string): string[] {
  const links: string[] = []
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      const stat = fs.lstatSync(full)
      if (stat.isSymbolicLink()) links.push(path.relative(root, full).split(path.sep).join("/"))
      else if (stat.isDirectory()) walk(full)
    }
  }
  if (fs.existsSync(root)) walk(root)
  return links
}

/** The content check's error for each link. */
export const symlinkErrors = (root: string) =>
  findSymlinks(root).map(
    (link) =>
      `${link}: a symbolic link is refused (content/ holds files: put the file itself here)`,
  )

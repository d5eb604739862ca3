import fs from "node:fs"

/**
 * `root` and every process it started, from /proc (Linux); just `root` where there is no
 * /proc. Written here rather than taken from tree-kill, which asks `ps` for the tree: a minimal
 * Debian has no `ps`, and a missing one is an uncaught error inside that library.
 */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  let entries: string[]
  try {
    entries = fs.readdirSync("/proc")
  } catch {
    return [root]
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
    } catch {
      continue // ended meanwhile
    }
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
  }
  const tree: number[] = []
  const visit = (pid: number) => {
    tree.push(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(root)
  return tree
}

/** Sends `signal` to each of `pids`; those already gone are skipped. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch {
      // ended meanwhile
    }
  }
}

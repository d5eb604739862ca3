import fs from "node:fs"
import path from "node:path"

// docs/ARCHITECTURE.md's rule for the server's folders: imports point one way. Counted by
// room (a folder directly under server/, or a file at its root), the imports of the server's
// code (tests aside) form no loop, so no import climbs back up from a lower layer to a higher
// one. ESLint's import-x/no-cycle sees loops of files only: mail/ -> booking/ -> mail/ through
// three different files is not one, and it is what this test finds.
const SERVER = __dirname

const codeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "test" ? [] : codeFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })

/** The room a file of server/ belongs to: its first path segment. */
const roomOf = (file: string) => path.relative(SERVER, file).split(path.sep)[0].replace(/\.ts$/, "")

function roomImports(): Map<string, Set<string>> {
  const rooms = new Map<string, Set<string>>()
  for (const file of codeFiles(SERVER)) {
    const from = roomOf(file)
    const targets = rooms.get(from) ?? rooms.set(from, new Set()).get(from)!
    const text = fs.readFileSync(file, "utf8")
    for (const [, spec] of text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^"'`]*?from\s+"(\.[^"]+)"/g,
    )) {
      const target = path.resolve(path.dirname(file), spec)
      if (!target.startsWith(SERVER + path.sep)) continue
      const to = roomOf(target)
      if (to !== from) targets.add(to)
    }
  }
  return rooms
}

/** A loop of rooms, as a path that comes back to its start, or null. */
function findLoop(rooms: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">()
  const stack: string[] = []
  const visit = (room: string): string[] | null => {
    if (state.get(room) === "done") return null
    if (state.get(room) === "open") return [...stack.slice(stack.indexOf(room)), room]
    state.set(room, "open")
    stack.push(room)
    for (const next of rooms.get(room) ?? []) {
      const loop = visit(next)
      if (loop) return loop
    }
    stack.pop()
    state.set(room, "done")
    return null
  }
  for (const room of rooms.keys()) {
    const loop = visit(room)
    if (loop) return loop
  }
  return null
}

test("the server's folders import each other one way: no loop between rooms", () => {
  const rooms = roomImports()
  expect(rooms.get("routes")).toContain("store")
  expect(findLoop(rooms)).toBeNull()
})

test("the loop finder finds a loop through three rooms, and none in a line", () => {
  const graph = (edges: [string, string][]) => {
    const rooms = new Map<string, Set<string>>()
    for (const [from, to] of edges) {
      rooms.set(from, (rooms.get(from) ?? new Set()).add(to))
      if (!rooms.has(to)) rooms.set(to, new Set())
    }
    return rooms
  }
  expect(
    findLoop(
      graph([
        ["mail", "booking"],
        ["booking", "copy"],
        ["copy", "mail"],
      ]),
    ),
  ).toEqual(["mail", "booking", "copy", "mail"])
  expect(
    findLoop(
      graph([
        ["routes", "mail"],
        ["mail", "booking"],
        ["routes", "booking"],
      ]),
    ),
  ).toBeNull()
})

// The server's process entries and where their bundle is: production, `npm start`, the CLIs and
// the tests' spawned processes run dist/server/NAME.js (server/bundle/build.ts writes it), a
// start in half the CPU time of tsx compiling the sources on every start.
import path from "node:path"
import { REPOSITORY } from "../../content-kit/repository"

/** Each entry's source, by the name of its file in the bundle. */
export const ENTRIES = {
  main: "server/main.ts",
  "event-worker": "server/event-worker/main.ts",
  "admin-cli": "server/admin-cli/index.ts",
  "publish-cli": "server/publish-cli.ts",
} as const

export type EntryName = keyof typeof ENTRIES

export const BUNDLE_DIR = path.join(REPOSITORY, "dist", "server")

/** The entry's file in the bundle. */
export const bundledEntry = (name: EntryName) => path.join(BUNDLE_DIR, `${name}.js`)

/** True in a process started from the bundle, whose every module is one .js file. */
export const RUNNING_BUNDLED = path.extname(__filename) === ".js"

/** Node's arguments that run the entry from the bundle, its stack traces mapped to the sources. */
export const entryArgs = (name: EntryName) => ["--enable-source-maps", bundledEntry(name)]

// `npm run content:stamp`: records in content/translations.lock.json the French text each
// translation was made from. Run it after translating; outdated keys stay outdated until
// their translation changes. `-- --accept` marks every outdated key as reviewed (use it after
// a French change that needs no new translation, such as a typo fix).
import path from "node:path"
import { readLock, stampLock, writeLock } from "../content-kit/freshness"
import { locateContent } from "../content-kit/locate"

const root = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? locateContent()
const accept = process.argv.includes("--accept")
const { lock, recorded, keptOutdated, pruned } = stampLock(root, readLock(root), accept)
writeLock(root, lock)
console.log(
  `${path.join(root, "translations.lock.json")}: ${recorded} keys ` +
    `recorded, ${pruned} pruned, ${keptOutdated} outdated kept` +
    (keptOutdated ? " (translate them, or run with -- --accept)" : ""),
)

// Where content/ is: the one place that answers it. CONTENT_DIR when set (a deployment that
// keeps the copy apart, a test's temporary copy), else the repository's own content/.
import path from "node:path"
import { REPOSITORY } from "./repository"

/** The content folder, absolute: `CONTENT_DIR` (relative to the working directory) or ./content. */
export function locateContent(env: Record<string, string | undefined> = process.env): string {
  const set = env.CONTENT_DIR?.trim()
  return path.resolve(set ? set : path.join(REPOSITORY, "content"))
}

/** content/locales/<language>/<ns>.json */
export function localeFile(dir: string, language: string, ns: string): string {
  return path.join(dir, "locales", language, `${ns}.json`)
}

// The one reader of a post's front matter (the content check, the publication schedule): YAML
// and nothing else. gray-matter picks its parser from a name after the opening `---`, and
// `---js` or `---javascript` is run as JavaScript with the rights of whoever reads the file;
// an editor's push must give no more than the right to change copy (docs/SECURITY.md). So a
// front matter that names a language is refused before gray-matter parses anything, and
// gray-matter is handed engines that throw, in case it ever picks one another way.
import matter from "gray-matter"

export type FrontMatter = {
  data: Record<string, unknown>
  /** The block between the delimiters, as written. */
  matter: string
  /** The Markdown after it. */
  content: string
}

/** A front matter this reader refuses to parse: its message names the language. */
export class FrontMatterRefused extends Error {}

const YAML = ["", "yaml", "yml"]

function refuse(language: string) {
  return () => {
    throw new FrontMatterRefused(refusal(language))
  }
}

const refusal = (language: string) =>
  `front matter "---${language}" is refused: only YAML front matter, opened by a plain ---, is read`

// gray-matter's own engines and aliases other than YAML (node_modules/gray-matter/lib/engine.js).
const ENGINES = Object.fromEntries(
  ["javascript", "js", "json", "coffee", "coffeescript", "cson"].map((name) => [
    name,
    refuse(name),
  ]),
)

/** The language named after the opening `---` ("" for none), read as gray-matter reads it. */
function declaredLanguage(text: string): string {
  const body = text.replace(/^\uFEFF/, "")
  if (!body.startsWith("---") || body.charAt(3) === "-") return ""
  return matter.language(body.slice(3)).name.toLowerCase()
}

/** The front matter of a post's text. Throws on a language other than YAML or bad YAML. */
export function readFrontMatter(text: string): FrontMatter {
  const language = declaredLanguage(text)
  if (!YAML.includes(language)) throw new FrontMatterRefused(refusal(language))
  // Passing options also skips gray-matter's cache, so each read is fresh.
  const parsed = matter(text, { language: "yaml", engines: ENGINES })
  return { data: parsed.data, matter: parsed.matter, content: parsed.content }
}

// What a post's Markdown may hold beyond text (issue 46 finding 2): the Markdown converter
// passes raw HTML through to the page, so a <script>, an onerror= or a javascript: link in a
// post would run on the public site. The content check refuses every raw HTML tag but a few
// inline ones without attributes, and every link or image whose address has a scheme other
// than http, https, mailto or tel, naming the file and the line (docs/SECURITY.md, "Decisions").
// Code spans and blocks are not told apart: where Markdown ends one is where an attacker hides
// a tag, so a post cannot show an HTML tag even as code.

/** Inline tags Markdown has no syntax for, allowed bare (`<abbr title>` the one attribute). */
const SAFE_TAGS = new Set(["abbr", "b", "br", "del", "em", "i", "ins", "kbd", "mark", "s"])
for (const tag of ["small", "strong", "sub", "sup", "u", "wbr"]) SAFE_TAGS.add(tag)
const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"])

export type Refusal = { line: number; what: string }

/** An address as the browser reads it: character references decoded, controls and spaces gone. */
function normalised(address: string): string {
  return (
    address
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
      .replace(/&colon;/gi, ":")
      .replace(/&(tab|newline);/gi, "")
      // The browser drops tabs and newlines from a URL and trims controls and spaces around it.
      .replace(/[\s\p{Cc}]/gu, "")
  )
}

/** Why an address is refused, or null: a scheme outside the safe ones, or one hidden in a reference. */
function addressRefusal(raw: string): string | null {
  const address = normalised(raw.replace(/^<|>$/g, ""))
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1].toLowerCase()
  if (scheme !== undefined && !SAFE_SCHEMES.has(scheme))
    return `a link to a "${scheme}:" address is refused (http, https, mailto and tel are allowed)`
  if (scheme === undefined && /&[a-z#]/i.test(raw.split(/[/?#]/)[0]))
    return "a link whose address starts with a character reference is refused"
  return null
}

// A tag even when unclosed: an HTML block opens with `<script` alone on its line.
const TAG = /<(\/?)([a-z][a-z0-9-]*)(?![a-z0-9-])([^>]*)/gi
const ABBR_TITLE = /^\s+title="[^"<>&]*"\s*$/
const AUTOLINK = /<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gi
// Plainer than Markdown's own: an address that could also read as a tag is checked as a tag.
const EMAIL_AUTOLINK = /<[a-z0-9._+-]+@[a-z0-9.-]+>/gi
const LINK = /\]\(\s*(<[^>\n]*>|[^\s)]+)/g
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm

/** Everything in a post's Markdown body that the check refuses, with its line (1 = first). */
export function refusedMarkup(text: string, firstLine = 1): Refusal[] {
  const refusals: { index: number; what: string }[] = []
  for (const pattern of [LINK, DEFINITION, AUTOLINK]) {
    for (const match of text.matchAll(pattern)) {
      const what = addressRefusal(match[1])
      if (what) refusals.push({ index: match.index, what })
    }
  }
  const tags = text.replace(AUTOLINK, (link) => " ".repeat(link.length)).replace(EMAIL_AUTOLINK, "")
  for (const match of tags.matchAll(TAG)) {
    const [, closing, name, attributes] = match
    const tag = name.toLowerCase()
    const bare = closing || attributes.trim() === "" || attributes.trim() === "/"
    if (SAFE_TAGS.has(tag) && (bare || (tag === "abbr" && ABBR_TITLE.test(attributes)))) continue
    refusals.push({
      index: match.index,
      what: SAFE_TAGS.has(tag)
        ? `raw HTML <${tag}> with attributes is refused (write it bare)`
        : `raw HTML <${closing}${tag}> is refused (write Markdown; allowed bare: ${[...SAFE_TAGS].join(", ")})`,
    })
  }
  for (const match of text.matchAll(/<!(?!--)|<\?/g))
    refusals.push({ index: match.index, what: "raw HTML declarations are refused" })
  const lineOf = (index: number) => firstLine + (text.slice(0, index).match(/\n/g)?.length ?? 0)
  const seen = new Set<string>()
  return refusals
    .sort((a, b) => a.index - b.index)
    .map(({ index, what }) => ({ line: lineOf(index), what }))
    .filter(({ line, what }) => !seen.has(`${line} ${what}`) && seen.add(`${line} ${what}`))
}

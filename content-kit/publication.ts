// Which blog posts a build publishes: a post whose front matter says `draft: true` never
// reaches a release, and one whose `date` is still to come waits for it (the publisher builds
// again when the first of them is due, server/releases/). A preview build shows both.
import fs from "node:fs"
import path from "node:path"
import { readFrontMatter } from "./front-matter"

/** The site's clock for publication times written without an offset ("2026-11-30T08:00"). */
export const SITE_TIME_ZONE = "Europe/Paris"

export interface HeldBack {
  /** content/blog/<slug>/index.<language>.md, relative to the blog folder. */
  file: string
  slug: string
  language: string
  reason: "draft" | "scheduled"
  /** For a scheduled post: when it is due, in milliseconds since the epoch. */
  dueAt: number | null
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/

/** Milliseconds to add to UTC to read the wall clock of `timeZone` at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  )
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a front-matter date names: a day is its midnight and a time without an offset
 * its wall-clock time, both in the site's time zone; a time with an offset is that instant.
 * Null when it names none.
 */
export function publicationInstant(value: string, timeZone = SITE_TIME_ZONE): number | null {
  const local = DAY.exec(value) ?? LOCAL.exec(value)
  if (!local) {
    const exact = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN
    return Number.isNaN(exact) ? null : exact
  }
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = local
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  // The offset at the wall time read as UTC, then again at the instant found: right across a
  // change of summer time, except in the hour that does not exist or happens twice.
  const first = wall - zoneOffset(wall, timeZone)
  return wall - zoneOffset(first, timeZone)
}

/**
 * The front matter's `draft` and its `date` as the editor wrote it (YAML would turn an
 * unquoted date into a UTC Date, losing "Paris time").
 */
function frontmatterOf(file: string): { draft: boolean; date: string | null } {
  const parsed = readFrontMatter(fs.readFileSync(file, "utf8"))
  const date = /^date:[ \t]*["']?([^"'\n]*?)["']?[ \t]*$/m.exec(parsed.matter)?.[1] ?? null
  return { draft: parsed.data.draft === true, date }
}

/** The posts a build at `now` leaves out, and why; none for a preview. */
export function heldBackPosts(blogDir: string, now: number): HeldBack[] {
  const held: HeldBack[] = []
  if (!fs.existsSync(blogDir)) return held
  for (const slug of fs.readdirSync(blogDir).sort()) {
    const folder = path.join(blogDir, slug)
    if (!fs.statSync(folder).isDirectory()) continue
    for (const name of fs.readdirSync(folder).sort()) {
      const language = /^index\.([a-z]+)\.md$/.exec(name)?.[1]
      if (!language) continue
      const file = `${slug}/${name}`
      let data: { draft: boolean; date: string | null }
      try {
        data = frontmatterOf(path.join(folder, name))
      } catch {
        continue // the content check reports the broken or refused front matter
      }
      if (data.draft) {
        held.push({ file, slug, language, reason: "draft", dueAt: null })
        continue
      }
      const dueAt = data.date === null ? null : publicationInstant(data.date)
      if (dueAt !== null && dueAt > now) {
        held.push({ file, slug, language, reason: "scheduled", dueAt })
      }
    }
  }
  return held
}

/** The first scheduled post's due time, or null. */
export function nextDue(held: readonly HeldBack[]): number | null {
  const due = held.flatMap((post) => (post.dueAt === null ? [] : [post.dueAt]))
  return due.length === 0 ? null : Math.min(...due)
}

/**
 * What gatsby-config's blog source ignores: the held-back posts' files, unless the build is a
 * preview (PUBLISH_PREVIEW=1). PUBLISH_NOW (milliseconds) is the publisher's clock, so that
 * the build and the release's manifest agree on what was due.
 */
export function blogIgnore(
  blogDir: string,
  env: NodeJS.ProcessEnv = process.env,
): { ignore: string[]; held: HeldBack[] } {
  if (env.PUBLISH_PREVIEW === "1") return { ignore: [], held: [] }
  const now = env.PUBLISH_NOW ? Number(env.PUBLISH_NOW) : Date.now()
  const held = heldBackPosts(blogDir, now)
  return { ignore: held.map((post) => `**/${post.file}`), held }
}

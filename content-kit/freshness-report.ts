// What `npm run check:content` prints about translation freshness, and the release gate:
// `--release` fails on missing translations, `--strict` also on outdated ones.
import { LANGUAGE_NAMES as languageNames } from "../contract/languages"
import { checkFreshness, translatedLanguages, type FreshnessReport } from "./freshness"

export type ReleaseLevel = "none" | "release" | "strict"

export function releaseLevel(argv: string[]): ReleaseLevel {
  if (argv.includes("--strict")) return "strict"
  return argv.includes("--release") ? "release" : "none"
}

const short = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length > 120 ? `${line.slice(0, 117)}...` : line
}

export function formatFreshness(report: FreshnessReport): string[] {
  const lines = ["", "Translation freshness (content/translations.lock.json):"]
  for (const language of translatedLanguages) {
    const found = report[language]
    if (!found) continue
    lines.push(
      `  ${language} (${languageNames[language]}): ${found.missing.length} ` +
        `missing, ${found.outdated.length} outdated, ${found.unused.length} unused` +
        (found.unstamped.length ? `, ${found.unstamped.length} not yet stamped` : ""),
    )
    for (const key of found.missing) lines.push(`    missing  ${key}`)
    for (const { key, french } of found.outdated)
      lines.push(`    outdated ${key}\n             French now: ${short(french)}`)
    for (const key of found.unused) lines.push(`    unused   ${key}`)
  }
  if (translatedLanguages.some((language) => report[language]?.unstamped.length)) {
    lines.push("  Run `npm run content:stamp` to record the keys not yet stamped.")
  }
  return lines
}

/** The reasons a release must wait, empty when it may go. */
export function releaseBlockers(report: FreshnessReport, level: ReleaseLevel): string[] {
  if (level === "none") return []
  const blockers: string[] = []
  for (const language of translatedLanguages) {
    const found = report[language]
    if (!found) continue
    if (found.missing.length)
      blockers.push(`${language}: ${found.missing.length} missing translations`)
    if (level === "strict" && found.outdated.length)
      blockers.push(`${language}: ${found.outdated.length} outdated translations`)
  }
  return blockers
}

/** Prints the freshness report and returns the release blockers of `argv`'s level. */
export function reportFreshness(root: string, argv: string[]): string[] {
  const report = checkFreshness(root)
  for (const line of formatFreshness(report)) console.log(line)
  return releaseBlockers(report, releaseLevel(argv))
}

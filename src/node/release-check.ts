import type { GatsbyNode } from "gatsby"
import { locateContent } from "../../content-kit/locate"
import { findPlaceholders, formatPlaceholders } from "../../content-kit/placeholders"
import { symlinkErrors } from "../../content-kit/symlinks"

/**
 * Any build stops before anything is built while content/ holds a symbolic link; a release
 * build (SITE_RELEASE=1 npm run build) also while the copy still holds a [BRACKETED]
 * placeholder, which an ordinary build only counts.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // The content check refuses links too; a build run without it must not follow one either.
  const links = symlinkErrors(locateContent())
  if (links.length > 0) return reporter.panic(`content/:\n  ${links.join("\n  ")}`)
  const placeholders = findPlaceholders(locateContent())
  if (process.env.SITE_RELEASE === "1" && placeholders.length > 0) {
    reporter.panic(
      `${formatPlaceholders(placeholders)}\nSITE_RELEASE=1: fill them ` +
        `in content/ (docs/FIRST-LOAD.md) before building a release.`,
    )
  }
  if (placeholders.length > 0)
    reporter.warn(
      `${placeholders.length} placeholders left in content/: \`npm run check:content -- --release\` lists them.`,
    )
}

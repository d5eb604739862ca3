import type { GatsbyNode } from "gatsby"
import { locateContent } from "../../content-kit/locate"
import { findPlaceholders, formatPlaceholders } from "../../content-kit/placeholders"

/**
 * A release build (SITE_RELEASE=1 npm run build) stops before anything is built while the
 * copy still holds a [BRACKETED] placeholder; an ordinary build only counts them.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
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

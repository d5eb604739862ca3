import { isCmsPath } from "./cms-csp"

// Files of the build that no browser asks for, decided one by one (docs/SECURITY.md, "Build
// artefacts"): the server never loads them, and the nginx recipe answers 404 for the same
// paths (deploy/nginx/mesurea.conf.template; server/system-tests/deploy.test.ts checks both).
const BUILD_ONLY = new Set([
  // Webpack's record of chunks and modules, read by Gatsby's build only.
  "/webpack.stats.json",
  // The chunk map the pages inline (window.___chunkMapping): the file itself is never fetched.
  "/chunk-map.json",
  // The CSP hashes of each page's inline scripts, read by the server from the disk.
  "/csp-hashes.json",
])

/**
 * True for a path of the build that is not served: the files above; licence notices that
 * terser moved out of the bundles (*.LICENSE.txt, which only name library versions); source
 * maps (the build removes them; one left behind holds the whole source); Gatsby's slice HTML
 * (/_gatsby/, stitched into the pages at build); Partytown's worker files (/~partytown/: the
 * site runs no off-main-thread script, src/node/webpack-config.ts); and the CMS (/cms/) when
 * CMS_ENABLED is off.
 */
export function isNotForBrowsers(urlPath: string, cmsEnabled: boolean): boolean {
  return (
    BUILD_ONLY.has(urlPath) ||
    urlPath.endsWith(".LICENSE.txt") ||
    urlPath.endsWith(".map") ||
    urlPath.startsWith("/_gatsby/") ||
    urlPath.startsWith("/~partytown/") ||
    (!cmsEnabled && isCmsPath(urlPath))
  )
}

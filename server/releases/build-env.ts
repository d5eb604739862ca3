// What a build (the content check, then Gatsby) is started with. It runs the repository's
// code, which push access to the content repository can change: it gets no secret of the
// server's, only what a build reads (grep process.env in gatsby-config.ts, src/node/,
// postbuild/ and content-kit/) and what the tools under it need to run.

/** Copied from the server's environment when set; nothing else is. */
export const BUILD_ENV = [
  // The shell, npm, node and git: where programs and the user's files are, and a temp folder.
  "PATH",
  "HOME",
  "TMPDIR",
  // Dates and sorting in the build as on the operator's machine.
  "LANG",
  "TZ",
  // The operator's memory limit for Gatsby (--max-old-space-size) on a small machine.
  "NODE_OPTIONS",
  "NODE_ENV",
  // gatsby-config.ts (canonical links, sitemap), src/api-client/api-url.ts, the go-live check
  // (src/node/release-check.ts), the audience measure (src/node/webpack-config.ts), postbuild/cms.ts.
  "SITE_URL",
  "GATSBY_API_URL",
  "SITE_RELEASE",
  "ANALYTICS",
  "CMS_REPO",
  "CMS_BRANCH",
] as const

/**
 * The build's environment: the allowed variables the server has, the locale ones (LC_*), and
 * the build's own. CONTENT_DIR is left out on purpose: the build reads its checkout's content/.
 */
export function buildEnv(
  server: NodeJS.ProcessEnv,
  own: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(server)) {
    const allowed = (BUILD_ENV as readonly string[]).includes(name) || name.startsWith("LC_")
    if (allowed && value !== undefined) env[name] = value
  }
  return { ...env, ...own }
}

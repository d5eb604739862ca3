// The Content-Security-Policy of /cms/ (Sveltia CMS), apart from the site's: the CMS talks to
// the git host's API and shows images it reads from the repository or a local folder as blob:
// URLs. Its interface fonts are served from this site (postbuild/cms-fonts.ts). No 'unsafe-eval'.
export const CMS_PATH = "/cms"

export const isCmsPath = (urlPath: string) =>
  urlPath === CMS_PATH || urlPath.startsWith(`${CMS_PATH}/`)

export function cmsContentSecurityPolicy(gitApiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data: ${gitApiOrigin} https://avatars.githubusercontent.com`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob: data: ${gitApiOrigin}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ")
}

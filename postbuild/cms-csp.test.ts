import { loadConfig } from "../server/config"
import { cmsContentSecurityPolicy, isCmsPath } from "../server/static/cms-csp"
import { cmsIndexHtml } from "./cms"
import { deferBundles } from "./defer-bundles"

describe("/cms/", () => {
  it("has its own CSP: the git host's API, blob: images, fonts from this site only, no eval, no framing", () => {
    const csp = cmsContentSecurityPolicy("https://gitlab.example.org")
    expect(csp).toMatch(/connect-src 'self' blob: data: https:\/\/gitlab\.example\.org(;|$)/)
    expect(csp).toMatch(/img-src 'self' blob: data:/)
    expect(csp).toMatch(/font-src 'self' data:(;|$)/)
    expect(csp).not.toContain("cdn.jsdelivr.net")
    expect(csp).not.toMatch(/'unsafe-eval'/)
    expect(csp).toMatch(/frame-ancestors 'none'/)
    expect(isCmsPath("/cms/index.html")).toBe(true)
    expect(isCmsPath("/cmsx/index.html")).toBe(false)
  })

  it("reads the git API origin from CMS_GIT_API_ORIGIN, https only", () => {
    expect(loadConfig({}).cmsGitApiOrigin).toBe("https://api.github.com")
    expect(
      loadConfig({ CMS_GIT_API_ORIGIN: "https://gitea.example.org/api/v1" }).cmsGitApiOrigin,
    ).toBe("https://gitea.example.org")
    expect(() => loadConfig({ CMS_GIT_API_ORIGIN: "http://gitea.example.org" })).toThrow(
      /CMS_GIT_API_ORIGIN must use https/,
    )
    expect(() => loadConfig({ CMS_GIT_API_ORIGIN: "not a url" })).toThrow(
      /CMS_GIT_API_ORIGIN must be a URL/,
    )
  })

  it("is left alone by the deferred-bundle rewrite and loads the pinned script from this site", () => {
    const html = cmsIndexHtml("Mesurea")
    expect(deferBundles(html)).toBe(html)
    expect(html).toMatch(/<script src="\/cms\/sveltia-cms-0\.221\.1\.js"><\/script>/)
    expect(html).toContain('<meta name="robots" content="noindex">')
  })
})

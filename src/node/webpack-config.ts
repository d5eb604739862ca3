import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { iconSpriteFile } from "./icon-sprite"

const emptyModule = path.resolve(__dirname, "empty-module.ts")

// gatsby-plugin-react-i18next's `wrapPageElement` (its gatsby-browser.js and gatsby-ssr.js)
// is replaced by the site's own, src/i18n/page-i18n.tsx: same instance, named imports, so
// the bundle keeps only what the pages use. The plugin keeps creating the localized pages.
const i18nPluginWrapper = /gatsby-plugin-react-i18next[\\/]gatsby-(browser|ssr)\.js$/

// Gatsby's internal Partytown plugin has one browser hook, which returns at once outside
// `gatsby develop`, yet it brought Partytown's snippet and gatsby-script into every page
// (2.2 KB gzip). The site has no off-main-thread script, so production builds leave it out.
const partytownBrowserHook =
  /gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/

// Gatsby registers a service worker when a plugin asks for one (its production-app.js, copied
// to .cache/, requires this module then), yet the module is in every page's app bundle (0.5 KB
// gzip). The site has no service worker and no plugin asks, so production builds leave it out.
const serviceWorkerRegistration = /[\\/]\.cache[\\/]register-service-worker\.js$/

// The calculator and estimate templates reuse the page template's hero and sections. Left to Gatsby's
// "shared" chunk group, that reuse moves the hero and sections out of the page template's chunk into a chunk
// of their own, one more request and ~350 B gzip on every content page, the home page
// included. Kept out of that group, each carries its own copy instead, paid only
// on its own page.
const ownCopyTemplates = /^component---src-templates-(calculator|estimate)-tsx$/
const splitChunks = {
  cacheGroups: {
    shared: {
      chunks: (chunk: { name?: string | null }) => !ownCopyTemplates.test(chunk.name ?? ""),
    },
  },
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  actions,
  plugins,
}) => {
  const replacements = [plugins.normalModuleReplacement(i18nPluginWrapper, emptyModule)]
  if (stage === "build-javascript")
    replacements.push(
      plugins.normalModuleReplacement(partytownBrowserHook, emptyModule),
      plugins.normalModuleReplacement(serviceWorkerRegistration, emptyModule),
    )
  // The icons' sprite URL (src/components/ui/icon.tsx), and whether the pages carry the audience
  // beacon (src/audience/track.ts): ANALYTICS=off at build time leaves it out, as the server's turns off its route.
  const define = plugins.define({
    __ICON_SPRITE_URL__: JSON.stringify(iconSpriteFile().url),
    __ANALYTICS__: JSON.stringify(process.env.ANALYTICS?.trim().toLowerCase() !== "off"),
  })
  actions.setWebpackConfig({
    plugins: [...replacements, define],
    // Merged into Gatsby's own splitChunks (webpack-merge), which only this stage has.
    ...(stage === "build-javascript" && { optimization: { splitChunks } }),
  })
}

import path from "node:path"
import type { GatsbyConfig } from "gatsby"
import { locateContent } from "./content-kit/locate"
import { blogIgnore } from "./content-kit/publication"
import { i18nextOptions } from "./src/i18n/i18next-options"
import { defaultLanguage, languages } from "./src/i18n/languages"

// content/ or CONTENT_DIR: found the one way the server and the scripts find it.
const content = locateContent()

const siteUrl = (process.env.SITE_URL ?? "http://localhost:8000").replace(/\/$/, "")

const config: GatsbyConfig = {
  siteMetadata: { siteUrl },
  // Canonical URLs have no trailing slash; the server redirects "/about/" to "/about".
  trailingSlash: "never",
  // Generated on build too, so `npm run typecheck` sees the query types after any build.
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // Never JavaScript front matter (its default, said here so that it stays): the content
    // check refuses any front matter but YAML (content-kit/front-matter.ts).
    { resolve: "gatsby-transformer-remark", options: { jsFrontmatterEngine: false } },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "locale", path: path.join(content, "locales") },
    },
    {
      resolve: "gatsby-source-filesystem",
      // Drafts and posts whose date is still to come stay out (content-kit/publication.ts).
      options: {
        name: "blog",
        path: path.join(content, "blog"),
        ignore: blogIgnore(path.join(content, "blog")).ignore,
      },
    },
    // Product visuals and blog covers: PNG masters (drawn in content/images/src/*.svg) that
    // gatsby-plugin-sharp turns into AVIF and WebP at each width.
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: path.join(content, "images"), ignore: ["**/src/**"] },
    },
    {
      resolve: "gatsby-plugin-react-i18next",
      options: {
        localeJsonSourceName: "locale",
        languages: [...languages],
        defaultLanguage,
        siteUrl,
        trailingSlash: "never",
        // A client-side redirect reloads the page and breaks hydration; the language
        // provider moves a returning visitor to their saved language instead.
        redirect: false,
        i18nextOptions,
        // The admin area is one client-only page outside the language prefixes.
        pages: [{ matchPath: "/admin/:path*", languages: [defaultLanguage] }],
      },
    },
  ],
}

export default config

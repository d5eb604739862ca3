// Bundled in place of the modules the build leaves out (src/node/webpack-config.ts):
// gatsby-plugin-react-i18next's gatsby-browser.js and gatsby-ssr.js, whose only API,
// wrapPageElement, the site provides itself (src/i18n/page-i18n.tsx), and Gatsby's
// develop-only Partytown hook.
export {}

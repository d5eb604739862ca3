// Stands in for gatsby-plugin-react-i18next's gatsby-browser.js and gatsby-ssr.js, whose only
// API, wrapPageElement, the site provides itself (src/i18n/page-i18n.tsx, src/node/webpack-config.ts).
export {}

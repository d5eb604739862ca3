// Text written into HTML or XML, for every writer of markup (the no-JS form pages, the
// sitemap, the feeds, the Slack payload): one escaper, so no copy forgets a character.

/** Characters XML 1.0 forbids (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF). */
const FORBIDDEN_IN_XML =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Text between tags: `&`, `<` and `>` escaped (what Slack's incoming webhooks ask too). */
export const escapeText = (text: string) =>
  text
    .replace(FORBIDDEN_IN_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")

/** Text inside an attribute's quotes, either kind, or anywhere in a document. */
export const escapeMarkup = (text: string) =>
  escapeText(text).replace(/"/g, "&quot;").replace(/'/g, "&#39;")

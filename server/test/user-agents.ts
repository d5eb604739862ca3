// A desktop browser's user agent, as a visitor's request carries it: isbot lets it through,
// so the tests and benches that need an event counted (or a session bound to a browser) send it.
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

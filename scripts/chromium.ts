// Debian's Chromium as every browser tool here drives it (the tests, budget, Lighthouse,
// interactions, screenshots): where it is, and the flags that keep it quiet and offline.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

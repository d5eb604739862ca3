// Part of the post-build (postbuild/finish.ts): the page's JavaScript bundles are requested once
// the browser has painted the page's content, not while it is still laying the page out.
//
// Gatsby ends every page with `<script src="/app-….js" async>` tags for webpack's runtime,
// React and the app. Async scripts that arrive before the first frame run before it, so the
// first paint waits for React to be parsed and started, and on a slow phone the bundles take
// bandwidth from the HTML, the CSS and the font. The prerendered HTML is the whole page:
// links are real links, the theme is set before paint, and form fields keep what is typed
// before hydration, so the page is usable while its scripts load. The loader below therefore
// appends the same scripts, in the same order, when the browser reports its first contentful
// paint (Paint Timing API). A page with no text to paint (a client-only screen before its
// script runs) would never report that paint, so on such a page the loader appends them
// after the first frame instead: it never waits for a paint that cannot come. Without the
// Paint Timing API, or in a hidden tab (which does not paint), it appends them at once; if no
// paint is reported within five seconds, it appends them anyway.

const SLICE_START = '<!-- slice-start id="_gatsby-scripts-1" -->'
const SLICE_END = '<!-- slice-end id="_gatsby-scripts-1" -->'
const BUNDLE_TAG = /<script src="([^"]+)" async><\/script>/g
const LOADER_TAG = /<script data-bundles="([^"]*)">/

/** The same text on every page, so every page's CSP carries the same hash for it. */
export const LOADER = [
  "(function(script){",
  'var urls=script.getAttribute("data-bundles").split(" "),started=false;',
  "function load(){if(started)return;started=true;",
  "urls.forEach(function(url){var " +
    'bundle=document.createElement("script");bundle.src=url;document.body.appendChild(bundle)})}',
  "var Observer=window.PerformanceObserver;",
  'if(document.visibilityState==="hidden"||!Observer||!Observer.supportedEntryTypes||' +
    'Observer.supportedEntryTypes.indexOf("paint")<0)return load();',
  'new Observer(function(list){if(list.getEntriesByName("first-contentful-paint").length)load()})' +
    '.observe({type:"paint",buffered:true});',
  "setTimeout(load,5000);",
  'var root=document.getElementById("___gatsby"),nextFrame=window.requestAnimationFrame;',
  "if(root&&!/\\S/.test(root.textContent)){if(nextFrame)nextFrame(function(){setTimeout(load,0)});else load()}",
  "})(document.currentScript)",
].join("")

/**
 * Replaces the bundle tags of Gatsby's script slice with the loader. A page without that
 * slice, or already rewritten, comes back unchanged.
 */
export function deferBundles(html: string): string {
  const start = html.indexOf(SLICE_START)
  const end = html.indexOf(SLICE_END, start)
  if (start < 0 || end < 0) return html
  const slice = html.slice(start, end)
  const urls = [...slice.matchAll(BUNDLE_TAG)].map((match) => match[1])
  if (urls.length === 0) return html
  const loader = `<script data-bundles="${urls.join(" ")}">${LOADER}</script>`
  return html.slice(0, start) + slice.replace(BUNDLE_TAG, "") + loader + html.slice(end)
}

/** Whether the page's bundles wait for the loader (rewritten now or by an earlier run). */
export const hasLoader = (html: string) => LOADER_TAG.test(html)

/** The bundles a page starts with, whether still as tags or handed to the loader. */
export function bundleUrls(html: string): string[] {
  const deferred = LOADER_TAG.exec(html)?.[1]
  if (deferred) return deferred.split(" ")
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1])
}

// The measuring scripts' yardstick: a fixed page, independent of the site's code, that does the
// same kinds of work as the site's pages (an HTML document of server-rendered markup parsed,
// styled and laid out, React's production bundle compiled, the markup hydrated) and a button
// whose tap re-renders a fixed share of it. The Lighthouse and interactions gates measure it
// between the site's pages, in the same browser with the same throttling, and express the
// site's figures against it: a host that is slower, or busier, while they run slows the
// yardstick as much as the pages, which Lighthouse's benchmark index (a short loop of string
// and array work) did not follow (docs/PERFORMANCE.md, Lighthouse). Its only inputs are React
// and React DOM from node_modules, pinned by the lockfile: a React upgrade moves the yardstick,
// and the ratchets are then set again (`--update-ratchet`).
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import React from "react"
import { renderToString } from "react-dom/server"

const ROOT = path.resolve(__dirname, "..")
const SECTIONS = 24
const ITEMS = 12

// The page's component, as plain JavaScript run both here (server rendering) and in the page
// (hydration). A tap on the button changes the text of every item.
const APP = `
function App() {
  var h = React.createElement;
  var state = React.useState(0), round = state[0], setRound = state[1];
  React.useEffect(function () { document.body.setAttribute("data-hydrated", ""); }, []);
  var sections = [];
  for (var s = 0; s < ${SECTIONS}; s++) {
    var items = [];
    for (var i = 0; i < ${ITEMS}; i++) {
      var live = (round + i + s) % 7;
      items.push(h("li", { key: i, className: "item" + (live === 3 ? " on" : "") },
        h("span", { className: "dot" }), h("a", { href: "#s" + s + "i" + i }, "Item " + s + "." + i),
        h("p", null, "Measure " + live + " of a fixed page, section " + s + ", line " + i + ".")));
    }
    sections.push(h("section", { key: s, id: "s" + s, className: "card" },
      h("h2", null, "Section " + s),
      h("p", { className: "lead" }, "A paragraph of copy long enough to wrap over two or three lines on a phone, as the site's sections do, to give the layout some text to break."),
      h("ul", { className: "grid" }, items)));
  }
  return h("main", null,
    h("button", { id: "calibrate", type: "button", onClick: function () { setRound(round + 1); } }, "Round " + round),
    sections);
}
`

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:1px solid #6b7280}
.card{margin:1.5rem 0;padding:1rem;border:1px solid #e5e7eb;border-radius:1rem;box-shadow:0 1px 2px #0002}
.card h2{font-size:1.5rem;margin:0 0 .5rem}.lead{color:#4b5563;max-width:40rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem;list-style:none;padding:0}
.item{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;padding:.5rem;border-radius:.5rem;background:#f9fafb}
.item.on{background:#eef2ff}.item p{flex-basis:100%;margin:0;font-size:.875rem}.dot{width:.5rem;height:.5rem;border-radius:50%;background:#4f46e5}
.item a{color:#3730a3;text-decoration:underline}
`

function files(): Record<string, { type: string; body: string }> {
  const modules = (file: string) => fs.readFileSync(path.join(ROOT, "node_modules", file), "utf8")
  // Server rendering with the same component, so that the page hydrates existing markup.
  const App = new Function("React", `${APP}; return App`)(React)
  const markup = renderToString(React.createElement(App))
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Calibration</title><meta name="description" content="A fixed page to measure the host.">` +
    `<style>${CSS}</style></head><body><div id="root">${markup}</div>` +
    `<script src="/react.js"></script><script src="/react-dom.js"></script>` +
    `<script src="/app.js"></script></body></html>`
  const app = `${APP}\nReactDOM.hydrateRoot(document.getElementById("root"), React.createElement(App));`
  return {
    "/": { type: "text/html; charset=utf-8", body: html },
    "/react.js": { type: "text/javascript", body: modules("react/umd/react.production.min.js") },
    "/react-dom.js": {
      type: "text/javascript",
      body: modules("react-dom/umd/react-dom.production.min.js"),
    },
    "/app.js": { type: "text/javascript", body: app },
  }
}

export type CalibrationServer = { url: string; stop(): Promise<void> }

/** Serves the fixed page on a free loopback port. */
export async function startCalibrationServer(): Promise<CalibrationServer> {
  const served = files()
  const server = http.createServer((request, response) => {
    const file = served[new URL(request.url ?? "/", "http://localhost").pathname]
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { "content-type": file.type, "cache-control": "no-store" })
    response.end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

import type { GatsbySSR } from "gatsby"
import React from "react"
import { prePaintThemeScript } from "./src/theme/theme"

export { wrapPageElement, wrapRootElement } from "./src/app-root"

// The theme is applied before the first paint: no flash of the light theme for a visitor
// who chose dark. The server hashes this script into its Content-Security-Policy.
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([<script key="theme" dangerouslySetInnerHTML={{ __html: prePaintThemeScript }} />])
}

import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"
import type { GatsbySSR } from "gatsby"
import React from "react"
import { fillTimeScript } from "./src/components/contact/fill-time-script"
import { prePaintLocationScript } from "./src/i18n/pre-paint-location"
import { renderBody } from "./src/ssr/render-body"
import { prePaintThemeScript } from "./src/theme/theme"

export { wrapPageElement, wrapRootElement } from "./src/app-root"

// Gatsby's own render of the body left zero bytes in pages (src/ssr/render-body.ts).
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async ({
  bodyComponent,
  replaceBodyHTMLString,
}) => {
  replaceBodyHTMLString(await renderBody(bodyComponent))
}

// The theme is applied before the first paint: no flash of the light theme for a visitor
// who chose dark. The server hashes this script into its Content-Security-Policy.
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([
    // First of all: the path as built, and the saved language (src/i18n/pre-paint-location.ts).
    <script key="location" dangerouslySetInnerHTML={{ __html: prePaintLocationScript }} />,
    <script key="theme" dangerouslySetInnerHTML={{ __html: prePaintThemeScript }} />,
    <script key="fill-time" dangerouslySetInnerHTML={{ __html: fillTimeScript }} />,
    // The inlined CSS names the font only once styles are computed; fetched that late, it
    // swapped in after the first paint and shifted the page (CLS 0.08 on the home page).
    // French, English and German text needs only the latin subset.
    <link
      key="font"
      rel="preload"
      href={interLatin}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />,
  ])
}

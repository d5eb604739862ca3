import type { WrapPageElementBrowserArgs, WrapRootElementBrowserArgs } from "gatsby"
import React from "react"
import { SiteLanguageProvider } from "./i18n/site-language-provider"
import { ThemeProvider } from "./theme/theme-provider"

// Shared by gatsby-browser.tsx and gatsby-ssr.tsx so both render the same tree.
export function wrapRootElement({ element }: Pick<WrapRootElementBrowserArgs, "element">) {
  return <ThemeProvider>{element}</ThemeProvider>
}

type PageContext = { language?: string; i18n?: { originalPath?: string } }

export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  // The admin area is never prefixed and provides its own language (components/admin/admin-app.tsx);
  // the site's provider would move it to /en/admin or /de/admin.
  if (/^\/admin(\/|$)/.test(props.location.pathname)) return element
  const context = props.pageContext as PageContext
  return (
    <SiteLanguageProvider language={context.language} originalPath={context.i18n?.originalPath}>
      {element}
    </SiteLanguageProvider>
  )
}

import type { WrapPageElementBrowserArgs, WrapRootElementBrowserArgs } from "gatsby"
import React, { useEffect } from "react"
import { deferredPartsHydrated } from "./components/layout/deferred"
import { PageI18n } from "./i18n/page-i18n"
import { SiteLanguageProvider } from "./i18n/site-language-provider"

// Shared by gatsby-browser.tsx and gatsby-ssr.tsx so both render the same tree.
/**
 * Marks <body data-hydrated> once React has taken over the server's HTML: the root's effect
 * runs after every effect below it, then waits for the parts hydrated after the first screen
 * (src/components/layout/deferred.tsx). Browser tests wait for it before they click.
 */
function HydrationMark({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    void deferredPartsHydrated().then(() => (document.body.dataset.hydrated = ""))
  }, [])
  return <>{children}</>
}

export function wrapRootElement({ element }: Pick<WrapRootElementBrowserArgs, "element">) {
  return <HydrationMark>{element}</HydrationMark>
}

type PageContext = { language?: string; i18n?: { originalPath?: string } }

export function wrapPageElement({
  element,
  props,
}: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  const page = (
    <PageI18n props={props as React.ComponentProps<typeof PageI18n>["props"]}>{element}</PageI18n>
  )
  // The admin area is never prefixed and provides its own language (src/admin/admin-app.tsx);
  // the site's provider would move it to /en/admin or /de/admin.
  if (/^\/admin(\/|$)/.test(props.location.pathname)) return page
  const context = props.pageContext as PageContext
  return (
    <SiteLanguageProvider language={context.language} originalPath={context.i18n?.originalPath}>
      {page}
    </SiteLanguageProvider>
  )
}

import { graphql, type PageProps } from "gatsby"
import React, { useEffect, useState } from "react"
import { routes } from "../../content-kit/routes"
import { confirmSubscription, type TokenResult, unsubscribe } from "../api-client/client"
import { trackConversion } from "../audience/track"
import { StatusPage } from "../components/layout/status-page"
import { headFromCopy } from "../components/page-head"
import { Button } from "../components/ui/button"
import { readCopy, type PageContext } from "../content/locales"

type State = "ask" | "working" | "failed" | "done" | "unknown"

/** What each page's button does with the link's token. */
const actions: Record<string, (token: string) => Promise<TokenResult>> = {
  [routes.newsletterConfirmed.ns]: confirmSubscription,
  [routes.newsletterUnsubscribed.ns]: unsubscribe,
}

/**
 * Where the newsletter's links land (confirm, unsubscribe). Opening a link changes nothing,
 * since mail scanners open links too: the server sends the browser here with `?token=`, and
 * the visitor's click posts it. `?status=unknown` comes from the server for an unknown
 * link, `?status=done` is written here after the click so that a reload says the same.
 * The prerendered page is the question, its button enabled once the page is interactive.
 */
export default function NewsletterStatusTemplate({
  data,
  pageContext,
  location,
}: PageProps<Queries.NewsletterStatusPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "newsletter-status")
  const [token, setToken] = useState<string | null>(null)
  const [state, setState] = useState<State>("ask")
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    setToken(params.get("token"))
    setState(params.get("token") ? "ask" : params.get("status") === "done" ? "done" : "unknown")
  }, [location.search])

  async function act() {
    if (!token) return
    setState("working")
    const result = await actions[pageContext.ns](token)
    if (result === "error") return setState("failed")
    if (result === "done" && pageContext.ns === routes.newsletterConfirmed.ns)
      trackConversion("newsletter_confirmed")
    window.history.replaceState(window.history.state, "", `${location.pathname}?status=${result}`)
    setState(result)
  }

  const asking = state === "ask" || state === "working" || state === "failed"
  const shown = asking ? content.ask : content[state]
  return (
    <StatusPage
      testId={`newsletter-status-${state}`}
      title={shown.title}
      lead={shown.lead}
      live
      note={
        state === "failed" && (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
            {content.failed}
          </p>
        )
      }
      home={content.home}
      other={content.privacy}
      action={
        asking && (
          <Button size="lg" onClick={act} disabled={!token || state === "working"}>
            {state === "working" ? content.ask.working : content.ask.action}
          </Button>
        )
      }
    />
  )
}

// Reached only from a link in a mail: kept out of search engines (page-routes.ts unlistedPaths).
export const Head = headFromCopy("newsletter-status", true)

export const query = graphql`
  query NewsletterStatusPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`

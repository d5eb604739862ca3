import React, { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react"
import { I18nextProvider } from "react-i18next"
import type { LocaleNode } from "../content/page-content"
import { LanguageProvider, readSavedLanguage, saveLanguage } from "../i18n/language-context"
import { defaultLanguage, type Language } from "../i18n/languages"
import { createI18n } from "../i18n/page-i18n"
import { matchAdminRoute } from "./admin-routes"
import { AdminShell } from "./admin-shell"
import { AdminSkeleton } from "./admin-skeleton"
import { AuthProvider } from "./auth/auth-context"
import { RequireAuth } from "./auth/require-auth"
import { AccountProvider, SummaryProvider } from "./hooks/shared-values"
import { AccountView } from "./views/account-view"
import { AudienceView } from "./views/audience-view"
import { DashboardView } from "./views/dashboard-view"
import { DataView } from "./views/data-view"
import { DeliveriesView } from "./views/deliveries-view"
import { InboxView } from "./views/inbox-view"
import { LoginView } from "./views/login-view"
import { ManagementRedirect } from "./views/management-redirect"
import { MeetingsView } from "./views/meetings-view"
import { MessageView } from "./views/message-view"
import { NotFoundView } from "./views/not-found-view"
import { PublishingView } from "./views/publishing-view"
import { TeamView } from "./views/team-view"

type Props = { nodes: LocaleNode[]; pathname: string; search: string }

/**
 * The admin area: its own translations, language and session around the screens. Until the
 * browser's saved language is read, it shows a skeleton that needs no language (also
 * prerendered into the static shell), so the shell and the first client render agree and
 * nothing flashes in the wrong language, and a full load never paints a blank page.
 */
export function AdminApp({ nodes, pathname, search }: Props) {
  const [i18n] = useState(() => createI18n(nodes, defaultLanguage))
  const [language, setLanguageState] = useState<Language>(defaultLanguage)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const saved = readSavedLanguage(window.localStorage)
    if (saved) {
      void i18n.changeLanguage(saved)
      setLanguageState(saved)
    }
    setReady(true)
  }, [i18n])

  useEffect(() => {
    document.documentElement.lang = language
  }, [language])

  // The admin is never prefixed by a language: switching saves the choice and re-renders.
  const setLanguage = useCallback(
    (next: Language) => {
      saveLanguage(window.localStorage, next)
      void i18n.changeLanguage(next)
      setLanguageState(next)
    },
    [i18n],
  )
  const languageState = useMemo(() => ({ language, setLanguage }), [language, setLanguage])
  // A new address (a filter applied, a link followed) re-renders the screen in a transition:
  // React renders it in slices and answers the next key or tap in between, instead of one
  // long task that the next input waits behind (commit 8e40c3d).
  const screenPath = useDeferredValue(pathname)
  const screenSearch = useDeferredValue(search)

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageProvider value={languageState}>
        <AuthProvider>
          {ready ? <AdminScreen pathname={screenPath} search={screenSearch} /> : <AdminSkeleton />}
        </AuthProvider>
      </LanguageProvider>
    </I18nextProvider>
  )
}

const AdminScreen = memo(function AdminScreen({
  pathname,
  search,
}: {
  pathname: string
  search: string
}) {
  const route = matchAdminRoute(pathname)
  if (route.view === "login") return <LoginView search={search} />
  return (
    <RequireAuth path={pathname + search} fallback={<AdminSkeleton />}>
      <AccountProvider>
        <SummaryProvider>
          <AdminShell pathname={pathname}>
            {route.view === "dashboard" && <DashboardView />}
            {route.view === "inbox" && <InboxView search={search} />}
            {route.view === "message" && <MessageView key={route.id} id={route.id} />}
            {route.view === "meetings" && <MeetingsView />}
            {route.view === "account" && <AccountView />}
            {route.view === "publishing" && <PublishingView />}
            {route.view === "data" && <DataView />}
            {route.view === "deliveries" && <DeliveriesView />}
            {route.view === "management" && <ManagementRedirect />}
            {route.view === "team" && <TeamView />}
            {route.view === "audience" && <AudienceView />}
            {route.view === "notFound" && <NotFoundView />}
          </AdminShell>
        </SummaryProvider>
      </AccountProvider>
    </RequireAuth>
  )
})

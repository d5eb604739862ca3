import { Link } from "gatsby"
import {
  CalendarDays,
  ChartColumn,
  Database,
  Inbox,
  LayoutDashboard,
  LogOut,
  Rocket,
  Send,
  UserRound,
  Users,
} from "lucide-react"
import React from "react"
import { useTranslation } from "react-i18next"
import { LanguageSwitch } from "../components/layout/language-switch"
import { ThemeSwitch } from "../components/layout/theme-switch"
import { Button } from "../components/ui/button"
import { cn } from "../components/ui/cn"
import { LogoMark } from "../components/ui/logo-mark"
import { adminPaths } from "./admin-routes"
import { useAuth } from "./auth/auth-context"
import { useAccount, useSummary } from "./hooks/shared-values"
import { TotpRequiredView } from "./panels/two-factor-panel"

// The audience's pages exist only in a build with analytics on (src/node/webpack-config.ts).
declare const __ANALYTICS__: boolean

const navLink = cn(
  "inline-flex items-center gap-2 whitespace-nowrap rounded-md px-2.5 py-2 sm:px-3",
  "text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  "aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700",
  "dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-brand-300",
  "[&_svg]:hidden [&_svg]:size-4 sm:[&_svg]:block",
)

const skipLink = cn(
  "sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50",
  "focus:rounded-md focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900",
)

const shellName = cn(
  "rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700",
  "dark:bg-slate-800 dark:text-slate-300",
)

export function BrandMark() {
  const { t } = useTranslation("admin")
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white">
      <LogoMark />
      {t("common:brand.name")}
      <span className={shellName}>{t("shell.name")}</span>
    </span>
  )
}

/**
 * The screens in the navigation, the daily work first and one's own account last; the
 * audience only with analytics on, the owners' screens for owners.
 */
const navEntries = [
  { path: adminPaths.dashboard, icon: LayoutDashboard, label: "shell.dashboard" },
  { path: adminPaths.inbox, icon: Inbox, label: "shell.messages" },
  { path: adminPaths.meetings, icon: CalendarDays, label: "shell.meetings" },
  { path: adminPaths.audience, icon: ChartColumn, label: "shell.audience" },
  { path: adminPaths.publishing, icon: Rocket, label: "shell.publishing" },
  { path: adminPaths.data, icon: Database, label: "shell.data", owners: true },
  { path: adminPaths.deliveries, icon: Send, label: "shell.deliveries", owners: true },
  { path: adminPaths.team, icon: Users, label: "shell.team", owners: true },
  { path: adminPaths.account, icon: UserRound, label: "shell.account" },
] as const

/** The signed-in frame: brand, navigation with the unread count, display switches, sign-out. */
export function AdminShell({
  pathname,
  children,
}: {
  pathname: string
  children: React.ReactNode
}) {
  const { t } = useTranslation("admin")
  const { logout } = useAuth()
  const { data: summary } = useSummary()
  const { data: account } = useAccount()
  const unread = summary?.messages.unread ?? 0
  const current = (path: string) =>
    (
      path === adminPaths.dashboard
        ? pathname.replace(/\/$/, "") === path
        : pathname.startsWith(path)
    )
      ? "page"
      : undefined
  const entries = navEntries.filter(
    (entry) =>
      (entry.path !== adminPaths.audience || __ANALYTICS__) &&
      (!("owners" in entry) || account?.role === "owner"),
  )

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a href="#main" className={skipLink}>
        {t("shell.skipToContent")}
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link to={adminPaths.dashboard} className="rounded-md">
            <BrandMark />
          </Link>
          {/* The tabs have a row of their own at every width: beside the brand and the controls
              they do not fit the 72rem column in French or German, and pushed the controls
              alone onto a second row. Nine tabs overflow 72rem in German too: from lg they wrap
              to a second line rather than hide behind a scroll; a phone scrolls them. */}
          <nav aria-label={t("shell.nav")} className="order-last -mx-2 w-full overflow-x-auto">
            <ul className="flex gap-1 lg:flex-wrap">
              {entries.map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path} aria-current={current(entry.path)} className={navLink}>
                    <entry.icon aria-hidden="true" />
                    {t(entry.label)}
                    {entry.path === adminPaths.inbox && unread > 0 && (
                      <span
                        data-testid="unread-count"
                        className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                      >
                        <span aria-hidden="true">{unread}</span>
                        <span className="sr-only">{t("shell.unread", { count: unread })}</span>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <div className="hidden items-center gap-2 sm:flex">
              <LanguageSwitch />
              <ThemeSwitch />
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void logout()}
              title={t("shell.signOut")}
            >
              <LogOut aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("shell.signOut")}</span>
            </Button>
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {account?.totpSetupRequired ? <TotpRequiredView /> : children}
      </main>
      {/* On a phone the header has no room for the switches: they close the page instead. */}
      <section
        aria-label={t("shell.settings")}
        className="mx-auto flex max-w-6xl items-center justify-end gap-2 px-4 pb-8 sm:hidden"
      >
        <LanguageSwitch />
        <ThemeSwitch />
      </section>
    </div>
  )
}

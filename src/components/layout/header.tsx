import React, { useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { LanguageSwitch } from "./language-switch"
import { Logo } from "./logo"
import { MobileMenu } from "./mobile-menu"
import { NavDropdown } from "./nav-dropdown"
import { headerAction, headerEntries, isGroup } from "./navigation"
import { ThemeSwitch } from "./theme-switch"
import { useScrolledAttribute } from "./use-scrolled"

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-800 " +
  "hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"

export function Header() {
  const { t } = useTranslation("common")
  const header = useRef<HTMLElement>(null)
  useScrolledAttribute(header)
  return (
    <header
      ref={header}
      data-scrolled="false"
      className={
        "group/header fixed inset-x-0 top-0 z-40 border-b border-transparent bg-white " +
        "transition-[background-color,box-shadow,border-color] duration-200 dark:bg-slate-950 " +
        "data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-sm " +
        "data-[scrolled=true]:backdrop-blur dark:data-[scrolled=true]:border-slate-800 " +
        "dark:data-[scrolled=true]:bg-slate-950/95"
      }
    >
      <a
        href="#main"
        className={
          "sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 " +
          "focus:rounded-md focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
        }
      >
        {t("nav.skipToContent")}
      </a>
      <div
        className={
          "mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4 " +
          "transition-[height] duration-200 group-data-[scrolled=true]/header:h-16 sm:px-6"
        }
      >
        <Logo />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {headerEntries.map((entry) =>
            isGroup(entry) ? (
              <NavDropdown key={entry.id} label={t(entry.label)} items={entry.items} />
            ) : (
              <Link key={entry.to} to={entry.to} className={navLink}>
                {t(entry.label)}
              </Link>
            ),
          )}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitch />
          <ThemeSwitch />
          <Button asChild size="sm">
            <Link to={headerAction.to}>{t(headerAction.label)}</Link>
          </Button>
        </div>
        <MobileMenu />
      </div>
    </header>
  )
}

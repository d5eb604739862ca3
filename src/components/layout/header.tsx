import React from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { cn } from "../ui/cn"
import { LanguageSwitch } from "./language-switch"
import { Logo } from "./logo"
import { MobileMenu } from "./mobile-menu"
import { NavDropdown } from "./nav-dropdown"
import { headerAction, headerEntries, isGroup } from "./navigation"
import { ThemeSwitch } from "./theme-switch"
import { useScrolled } from "./use-scrolled"

const navLink = "rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"

export function Header() {
  const { t } = useTranslation("common")
  const scrolled = useScrolled()
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200",
        scrolled ? "border-slate-200 bg-white/95 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-950/95" : "border-transparent bg-white dark:bg-slate-950",
      )}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
        {t("nav.skipToContent")}
      </a>
      <div className={cn("mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-[height] duration-200 sm:px-6", scrolled ? "h-16" : "h-20")}>
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

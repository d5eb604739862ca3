import React from "react"
import { useTranslation } from "react-i18next"
import { cn } from "../components/ui/cn"
import { LogoMark } from "../components/ui/logo-mark"

const block = "rounded-md bg-slate-200 dark:bg-slate-800"

/**
 * What the admin paints before its script has read the saved language and the session: the
 * brand (the same word in every language) and grey blocks where the screen will be. It is
 * prerendered into the admin's static shell, so a full load paints at once instead of a
 * blank page, and it does not depend on the route or the language, so the first client
 * render matches it exactly.
 */
export function AdminSkeleton() {
  const { t } = useTranslation("admin")
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950" data-testid="admin-skeleton">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div
          className={cn(
            "mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:px-6",
            "text-lg font-bold tracking-tight text-slate-900 dark:text-white",
          )}
        >
          <LogoMark />
          {t("common:brand.name")}
        </div>
      </header>
      <main aria-busy="true" className="mx-auto max-w-6xl space-y-4 px-4 py-6 sm:px-6 sm:py-8">
        <div aria-hidden="true" className={`${block} h-8 w-48`} />
        <div aria-hidden="true" className={`${block} h-40 w-full max-w-sm`} />
      </main>
    </div>
  )
}

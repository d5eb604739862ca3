import { Link } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { adminPaths } from "../admin-routes"

export function NotFoundView() {
  const { t } = useTranslation("admin")
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-700 dark:text-brand-300">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notFound.text")}</p>
      <Button asChild className="mt-6">
        <Link to={adminPaths.dashboard}>{t("notFound.back")}</Link>
      </Button>
    </div>
  )
}

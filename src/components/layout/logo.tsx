import React from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"
import { LogoMark } from "../ui/logo-mark"

export function Logo() {
  const { t } = useTranslation("common")
  return (
    <Link
      to="/"
      className={
        "inline-flex items-center gap-2 rounded-md text-lg " +
        "font-bold tracking-tight text-slate-900 dark:text-white"
      }
    >
      <LogoMark />
      {t("brand.name")}
    </Link>
  )
}

import React from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"

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
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M8 22V14M13 22V10M18 22v-6M23 22V8"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      {t("brand.name")}
    </Link>
  )
}

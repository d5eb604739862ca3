import React from "react"
import { useTranslation } from "react-i18next"
import {
  companyColumn,
  legalRow,
  productGroup,
  routes,
  solutionsColumn,
  type RouteKey,
} from "../../../content-kit/routes"
import { Link } from "../../i18n/link"
import { Logo } from "./logo"
import { navLabel } from "./navigation"
import { NewsletterBox } from "./newsletter-box"
import { SocialIcons } from "./social-icons"

function Column({ title, items }: { title: string; items: RouteKey[] }) {
  const { t } = useTranslation("common")
  return (
    <div className="lg:col-span-2">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((key) => (
          <li key={key}>
            <Link
              to={routes[key].path}
              className={
                "text-sm text-slate-700 hover:text-brand-700 hover:underline " +
                "dark:text-slate-300 dark:hover:text-brand-300"
              }
            >
              {t(navLabel(key))}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Footer() {
  const { t } = useTranslation("common")
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-12">
        <div className="col-span-2 space-y-4 lg:col-span-3">
          <Logo />
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("brand.tagline")}</p>
          <SocialIcons />
        </div>
        <Column title={t("footer.solutions")} items={solutionsColumn} />
        <Column title={t("footer.company")} items={companyColumn} />
        <Column title={t("footer.product")} items={productGroup} />
        <div className="col-span-2 lg:col-span-3">
          <NewsletterBox />
        </div>
      </div>
      <div
        className={
          "flex flex-col items-center gap-3 border-t border-slate-200 px-4 py-6 text-sm text-slate-600 " +
          "sm:flex-row sm:justify-center sm:gap-6 dark:border-slate-800 dark:text-slate-400"
        }
      >
        <p>{t("footer.rights", { year: new Date().getFullYear(), brand: t("brand.name") })}</p>
        <nav aria-label={t("footer.legal.title")}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {legalRow.map((key) => (
              <li key={key}>
                <Link
                  to={routes[key].path}
                  className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
                >
                  {t(`footer.legal.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}

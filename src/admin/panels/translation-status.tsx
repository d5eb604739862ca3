import React from "react"
import { useTranslation } from "react-i18next"
import { ApiError, getTranslationStatus } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { Loading, LoadError, panel } from "../ui/admin-ui"

/** "German: 3 outdated, 0 missing, 0 unused" per translated language (scripts/content/freshness.ts). */
export function TranslationStatus() {
  const { t } = useTranslation("admin")
  const { data, failed, loading, reload } = useLoad(
    () =>
      getTranslationStatus().catch((error: unknown) =>
        error instanceof ApiError && error.status === 404 ? null : Promise.reject(error),
      ),
    "translations",
  )
  return (
    <section aria-labelledby="translations-title" className={`${panel} p-4 sm:p-6`}>
      <h2 id="translations-title" className="mb-3 text-lg font-semibold">
        {t("translations.title")}
      </h2>
      {loading ? (
        <Loading />
      ) : failed ? (
        <LoadError onRetry={reload} />
      ) : !data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("translations.unavailable")}
        </p>
      ) : (
        <>
          <ul className="space-y-1" data-testid="translation-status">
            {data.languages.map(({ language, outdated, missing, unused }) => (
              <li
                key={language}
                className={outdated + missing + unused > 0 ? "font-semibold" : undefined}
              >
                {t("translations.line", {
                  language: t(`translations.language.${language}`),
                  outdated: t("translations.outdated", { count: outdated }),
                  missing: t("translations.missing", { count: missing }),
                  unused: t("translations.unused", { count: unused }),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {t("translations.hint")}
          </p>
        </>
      )}
    </section>
  )
}

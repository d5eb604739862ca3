import React from "react"
import { useTranslation } from "react-i18next"
import { Panel } from "../../components/ui/panel"
import { ApiError, call, endpoints } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { Loaded } from "../ui/admin-ui"

/** "German: 3 outdated, 0 missing, 0 unused" per translated language (scripts/content/freshness.ts). */
export function TranslationStatus() {
  const { t } = useTranslation("admin")
  // A server without the content check's report (404) says so: { status: null }.
  const report = useLoad(
    () =>
      call(endpoints.getTranslationStatus).then(
        (status) => ({ status }),
        (error: unknown) =>
          error instanceof ApiError && error.status === 404
            ? { status: null }
            : Promise.reject(error),
      ),
    "translations",
  )
  return (
    <Panel id="translations" title={t("translations.title")}>
      <Loaded load={report}>
        {({ status }) =>
          !status ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("translations.unavailable")}
            </p>
          ) : (
            <>
              <ul className="space-y-1" data-testid="translation-status">
                {status.languages.map(({ language, outdated, missing, unused }) => (
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
          )
        }
      </Loaded>
    </Panel>
  )
}

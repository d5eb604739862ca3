import React from "react"
import { useTranslation } from "react-i18next"
import { LEAD_SOURCE_NAMES } from "../../../contract/lead-source"
import { Panel } from "../../components/ui/panel"
import type { Message } from "../client/admin-client"

/** Where the lead came from, as the site recorded it for the visit. */
export function MessageSource({ source }: { source: Message["source"] }) {
  const { t } = useTranslation("admin")
  const known = LEAD_SOURCE_NAMES.filter((field) => source[field] !== null)
  return (
    <Panel id="message-source" heading="label" title={t("source.title")}>
      {known.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("source.unknown")}</p>
      ) : (
        <dl className="space-y-3 text-sm" data-testid="message-source">
          {known.map((field) => (
            <div key={field}>
              <dt className="text-slate-600 dark:text-slate-400">{t(`source.${field}`)}</dt>
              <dd className="mt-0.5 break-words font-medium" data-field={field}>
                {source[field]}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Panel>
  )
}

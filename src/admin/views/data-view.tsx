import React from "react"
import { useTranslation } from "react-i18next"
import { DataRightsPanel } from "../panels/data-rights-panel"
import { SubscribersPanel } from "../panels/subscribers-panel"
import { PageTitle } from "../ui/admin-ui"
import { OwnersOnly } from "../ui/owners-only"

/** The personal data the site keeps, for owners: the newsletter list and people's data rights. */
export function DataView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("shell.data")}</PageTitle>
      <OwnersOnly>
        <div className="space-y-6">
          <SubscribersPanel />
          <DataRightsPanel />
        </div>
      </OwnersOnly>
    </>
  )
}

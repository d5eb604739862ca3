import React from "react"
import { useTranslation } from "react-i18next"
import { PageTitle } from "./admin-ui"
import { DataRightsPanel } from "./data-rights"
import { DeliveriesPanel } from "./deliveries-panel"
import { PasswordForm } from "./password-form"
import { SubscribersPanel } from "./subscribers-panel"

export function ManagementView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("management.title")}</PageTitle>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SubscribersPanel />
        <PasswordForm />
      </div>
      <div className="mt-6">
        <DataRightsPanel />
      </div>
      <div className="mt-6">
        <DeliveriesPanel />
      </div>
    </>
  )
}

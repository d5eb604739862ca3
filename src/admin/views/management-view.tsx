import React from "react"
import { useTranslation } from "react-i18next"
import { useIsOwner } from "../hooks/shared-values"
import { DataRightsPanel } from "../panels/data-rights-panel"
import { DeliveriesPanel } from "../panels/deliveries-panel"
import { PasswordForm } from "../panels/password-form"
import { ReleasesPanel } from "../panels/releases-panel"
import { SubscribersPanel } from "../panels/subscribers-panel"
import { TwoFactorPanel } from "../panels/two-factor-panel"
import { PageTitle } from "../ui/admin-ui"

/**
 * Everyone's own password and second factor, and the site's releases (owners publish and roll
 * back); the newsletter list, personal data and deliveries for owners.
 */
export function ManagementView() {
  const { t } = useTranslation("admin")
  const owner = useIsOwner()
  return (
    <>
      <PageTitle>{t("management.title")}</PageTitle>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {owner && <SubscribersPanel />}
        <div className="space-y-6">
          <PasswordForm />
          <TwoFactorPanel />
        </div>
      </div>
      <div className="mt-6">
        <ReleasesPanel />
      </div>
      {owner && (
        <>
          <div className="mt-6">
            <DataRightsPanel />
          </div>
          <div className="mt-6">
            <DeliveriesPanel />
          </div>
        </>
      )}
    </>
  )
}

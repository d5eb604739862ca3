import React from "react"
import { useTranslation } from "react-i18next"
import { DeliveriesPanel } from "../panels/deliveries-panel"
import { PageTitle } from "../ui/admin-ui"
import { OwnersOnly } from "../ui/owners-only"

/** The outbox, for owners: mails and webhooks that failed for good, and test events. */
export function DeliveriesView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("shell.deliveries")}</PageTitle>
      <OwnersOnly>
        <DeliveriesPanel />
      </OwnersOnly>
    </>
  )
}

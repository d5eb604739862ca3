import React from "react"
import { useTranslation } from "react-i18next"
import { AuditPanel } from "../panels/audit-panel"
import { UsersPanel } from "../panels/users-panel"
import { PageTitle } from "../ui/admin-ui"
import { OwnersOnly } from "../ui/owners-only"

/** The owners' page: accounts and the audit log (the server refuses both to members). */
export function TeamView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("team.title")}</PageTitle>
      <OwnersOnly>
        <div className="space-y-6">
          <UsersPanel />
          <AuditPanel />
        </div>
      </OwnersOnly>
    </>
  )
}

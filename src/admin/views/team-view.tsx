import React from "react"
import { useTranslation } from "react-i18next"
import { useAccount } from "../hooks/shared-values"
import { AuditPanel } from "../panels/audit-panel"
import { UsersPanel } from "../panels/users-panel"
import { Loaded, PageTitle } from "../ui/admin-ui"

/** The owners' page: accounts and the audit log (the server refuses both to members). */
export function TeamView() {
  const { t } = useTranslation("admin")
  const account = useAccount()
  return (
    <>
      <PageTitle>{t("team.title")}</PageTitle>
      {/* The shell asks for the account; this screen waits for it. */}
      <Loaded load={{ ...account, failed: false }}>
        {({ role }) =>
          role === "owner" ? (
            <div className="space-y-6">
              <UsersPanel />
              <AuditPanel />
            </div>
          ) : (
            <p role="alert" className="text-slate-700 dark:text-slate-300">
              {t("team.ownersOnly")}
            </p>
          )
        }
      </Loaded>
    </>
  )
}

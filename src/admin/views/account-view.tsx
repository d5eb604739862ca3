import React from "react"
import { useTranslation } from "react-i18next"
import { PasswordForm } from "../panels/password-form"
import { TwoFactorPanel } from "../panels/two-factor-panel"
import { PageTitle } from "../ui/admin-ui"

/** What each admin keeps up for themselves: their password and their second factor. */
export function AccountView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("shell.account")}</PageTitle>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PasswordForm />
        <TwoFactorPanel />
      </div>
    </>
  )
}

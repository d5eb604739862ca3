import React from "react"
import { useTranslation } from "react-i18next"
import { ReleasesPanel } from "../panels/releases-panel"
import { PageTitle } from "../ui/admin-ui"

/** The site's releases: everyone sees them, owners publish, preview and roll back. */
export function PublishingView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("shell.publishing")}</PageTitle>
      <ReleasesPanel />
    </>
  )
}

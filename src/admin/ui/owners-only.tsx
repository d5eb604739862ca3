import React from "react"
import { useTranslation } from "react-i18next"
import { useAccount } from "../hooks/shared-values"
import { Loaded } from "./admin-ui"

/**
 * An owners' screen: its content for an owner, a line saying so to a member who followed a
 * link to it (the navigation does not offer it to members, and the server refuses them).
 */
export function OwnersOnly({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("admin")
  const account = useAccount()
  return (
    // The shell asks for the account; this screen waits for it.
    <Loaded load={{ ...account, failed: false }}>
      {({ role }) =>
        role === "owner" ? (
          children
        ) : (
          <p role="alert" className="text-slate-700 dark:text-slate-300">
            {t("team.ownersOnly")}
          </p>
        )
      }
    </Loaded>
  )
}

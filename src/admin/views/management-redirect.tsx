import { navigate } from "gatsby"
import { useEffect } from "react"
import { adminPaths } from "../admin-routes"

/** The old Management screen, split into four: its address leads to the first of them. */
export function ManagementRedirect() {
  useEffect(() => {
    void navigate(adminPaths.account, { replace: true })
  }, [])
  return null
}

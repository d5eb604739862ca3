import { navigate } from "gatsby"
import React, { useEffect } from "react"
import { useAuth } from "./auth-context"
import { loginPath } from "./return-path"

type Props = {
  /** The admin page asked for (path and query), to come back to after signing in. */
  path: string
  children: React.ReactNode
  /** Shown while the session is not known to be signed in (defaults to nothing). */
  fallback?: React.ReactNode
}

/** Shows its children to a signed-in admin; sends anyone else to the login page. */
export function RequireAuth({ path, children, fallback = null }: Props) {
  const { status, signedOutOnPurpose } = useAuth()
  useEffect(() => {
    if (status === "signedOut")
      void navigate(loginPath(signedOutOnPurpose ? undefined : path), { replace: true })
  }, [status, signedOutOnPurpose, path])
  return <>{status === "signedIn" ? children : fallback}</>
}

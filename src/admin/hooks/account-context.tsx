import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { type Account, getAccount } from "../client/admin-client"

type AccountState = { account: Account | null; failed: boolean; refresh: () => Promise<void> }

const AccountContext = createContext<AccountState | null>(null)

/** Who is signed in, with which role and second factor: what the screens show or hide (the server decides). */
export function AccountProvider({ children }: { children: React.ReactNode }) {
  const [account, setAccount] = useState<Account | null>(null)
  const [failed, setFailed] = useState(false)

  const refresh = useCallback(async () => {
    try {
      setAccount(await getAccount())
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    void refresh()
  }, [refresh])

  const value = useMemo(() => ({ account, failed, refresh }), [account, failed, refresh])
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>
}

export function useAccount(): AccountState {
  const state = useContext(AccountContext)
  if (!state) throw new Error("useAccount must be used within an AccountProvider")
  return state
}

export const useIsOwner = () => useAccount().account?.role === "owner"

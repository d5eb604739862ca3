import { call, endpoints } from "../client/admin-client"
import { createServerValue } from "./server-value"

/** Who is signed in, with which role and second factor: what the screens show or hide (the server decides). */
const account = createServerValue("account", () => call(endpoints.getSession))
export const AccountProvider = account.Provider
export const useAccount = account.useValue
export const useIsOwner = () => useAccount().data?.role === "owner"

/**
 * The counts behind the dashboard and the unread badge of the navigation, asked again after
 * every change; new messages arrive while the admin works, so also when the tab gets the focus.
 */
const summary = createServerValue("summary", () => call(endpoints.getSummary), {
  reloadOnFocus: true,
})
export const SummaryProvider = summary.Provider
export const useSummary = summary.useValue

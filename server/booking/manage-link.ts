import { type Language, localizePath } from "../../contract/languages"

/** The booking page's view of one booking, where its link's token reschedules or cancels it. */
export const MANAGE_PATH = "/contact/booking/manage"

export const manageUrl = (siteUrl: string, language: Language, token: string) =>
  `${siteUrl}${localizePath(MANAGE_PATH, language)}?token=${encodeURIComponent(token)}`

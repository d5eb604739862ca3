import { localeTexts } from "../../content-kit/copy"
import type { BookingManageContent, BookingPageContent } from "../../content-kit/schema/page"
import type { Language } from "../../contract/languages"

/** What the pages' copy holds (content/locales/<language>/booking.json, booking-manage.json). */
export type PagesCopy = { booking: BookingPageContent; manage: BookingManageContent }

/**
 * The booking pages' own copy, read on the server as the meeting mails read theirs
 * (meeting-words.ts): the server-rendered parts say what the live page says.
 */
export function pagesCopy(contentDir: string, language: Language): PagesCopy {
  return {
    booking: localeTexts(contentDir, "booking", language) as unknown as BookingPageContent,
    manage: localeTexts(contentDir, "booking-manage", language) as unknown as BookingManageContent,
  }
}

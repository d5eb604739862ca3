import { LANGUAGES, type Language } from "../contract/languages"

export type PostDates = Record<Language, string>

/**
 * A post's date as the blog shows it in each language ("10 mars 2026", "March 10, 2026",
 * "10. März 2026"), in UTC, worked out at build time: the `dates` field of a post in GraphQL
 * (src/node/schema.ts). Formatted in the browser instead, the first `Intl.DateTimeFormat`
 * loaded ICU's date data while a blog page hydrated, in one piece React cannot split (68 ms on
 * a phone slowed four times; commit 1eb9620). An unreadable date gives empty strings (the
 * content check names it).
 */
export function postDates(date: unknown): PostDates {
  const day = date instanceof Date ? date : new Date(String(date))
  const readable = !Number.isNaN(day.getTime())
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      readable
        ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(day)
        : "",
    ]),
  ) as PostDates
}

import { sql } from "kysely"

export type Clock = () => number

export interface Page {
  offset: number
  limit: number
}

/**
 * `column` contains `text`, case-folded like the stored search columns. The explicit
 * ESCAPE is needed because SQLite, unlike PostgreSQL, has no default escape character.
 */
export function contains(column: string, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`
}

/** Rows after (created_at, id) in newest-first order: the keyset that export slices start from. */
export const olderThan = (createdAt: number, id: string) =>
  sql<boolean>`(created_at < ${createdAt} or (created_at = ${createdAt} and id < ${id}))`

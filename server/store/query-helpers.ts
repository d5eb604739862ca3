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
export const olderThan = (createdAt: number, id: string, table?: string) => {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  return sql<boolean>`(${column("created_at")} < ${createdAt}
    or (${column("created_at")} = ${createdAt} and ${column("id")} < ${id}))`
}
export const DELETE_BATCH = 1000

/**
 * Runs `deleteBatch` (which deletes at most `limit` rows) until a batch deletes fewer, and
 * returns the total. Each batch is a short statement of its own, so a large purge neither
 * holds locks for long nor meets PostgreSQL's statement timeout.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<{ numDeletedRows: bigint }>,
  limit = DELETE_BATCH,
): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = Number((await deleteBatch(limit)).numDeletedRows)
    total += deleted
    if (deleted < limit) return total
  }
}

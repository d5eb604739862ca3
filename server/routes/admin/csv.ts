import { Readable } from "node:stream"
import type { FastifyReply } from "fastify"

// Excel reads a file as UTF-8 only when it starts with a byte-order mark.
const BOM = "\uFEFF"

/**
 * One CSV cell that no spreadsheet runs as a formula (OWASP CSV injection): a leading
 * = + - @ TAB or CR gets a `'` before it, and so does one after a comma, a semicolon or a
 * line break inside the text, where a reader splitting on the other separator (French Excel
 * uses ";") or ignoring the quotes would start a new cell. A phone number stays readable:
 * "+33 1 23 45 67 89" becomes "'+33 1 23 45 67 89". Cells holding either separator are quoted.
 */
export function csvCell(value: string | null): string {
  const text = (value ?? "")
    .replace(/^"*(?=[=+\-@\t\r])/, "$&'")
    .replace(/([,;\r\n]"*)(?=[=+\-@\t\r])/g, "$1'")
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => (string | null)[],
) {
  async function* lines() {
    yield `${BOM}${header.map(csvCell).join(",")}\r\n`
    for await (const row of rows) yield `${toCells(row).map(csvCell).join(",")}\r\n`
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(lines()))
}

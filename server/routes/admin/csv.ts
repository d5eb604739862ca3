import { Readable } from "node:stream"
import type { FastifyReply } from "fastify"

// Excel reads a file as UTF-8 only when it starts with a byte-order mark.
const BOM = "\uFEFF"

/** Quoted when needed; a leading = + - @ is defused so that Excel never runs a cell as a formula. */
function cell(value: string | null): string {
  let text = value ?? ""
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function sendCsv<T>(reply: FastifyReply, filename: string, header: string[], rows: AsyncIterable<T>, toCells: (row: T) => (string | null)[]) {
  async function* lines() {
    yield `${BOM}${header.map(cell).join(",")}\r\n`
    for await (const row of rows) yield `${toCells(row).map(cell).join(",")}\r\n`
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(lines()))
}

// The admin's "Reply": the visitor's address, a subject, and their message quoted, as a
// mailto: link (RFC 6068). Every part is percent-encoded, so an address or a text holding
// "?", "&", "cc=" or line breaks cannot add recipients or headers.

/** Mail programs (Outlook on Windows above all) cut mailto: links of about 2,000 characters. */
export const MAX_QUOTED_CHARS = 1000

/** mailto: with the address alone, its local part and domain each encoded. */
export function mailtoAddress(address: string): string {
  const at = address.lastIndexOf("@")
  if (at <= 0) return `mailto:${encodeURIComponent(address)}`
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)]
  return `mailto:${encodeURIComponent(local)}@${encodeURIComponent(domain)}`
}

export function mailtoHref(address: string, subject: string, body: string): string {
  return `${mailtoAddress(address)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** "> "-quoted lines under an attribution line; a long message is cut, saying so. */
export function quote(attribution: string, message: string, cutMark: string): string {
  const text =
    message.length > MAX_QUOTED_CHARS
      ? `${message.slice(0, MAX_QUOTED_CHARS).trimEnd()} ${cutMark}`
      : message
  const quoted = text.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"))
  return `\n\n${attribution}\n${quoted.join("\n")}\n`
}

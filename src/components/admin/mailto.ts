/**
 * A mailto: link with every part percent-encoded (RFC 6068), so that an address such as
 * `x?bcc=spy@evil.example` cannot add recipients or headers. `@` is left readable: mail
 * clients that do not decode `%40` in the address would otherwise break the link.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const to = encodeURIComponent(address).replace(/%40/g, "@")
  const query = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join("&")
  return `mailto:${to}${query ? `?${query}` : ""}`
}

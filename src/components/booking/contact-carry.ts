// The name and address typed into the contact form, kept for this tab (sessionStorage) so
// that the booking page starts filled in: the visitor books in one more click. Nothing is
// sent anywhere by this.
const KEY = "bookingContact"

export type Carried = { name: string; email: string }

export function carryContact(name: string, email: string) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ name, email }))
  } catch {
    // Storage refused: the booking form starts empty.
  }
}

export function carriedContact(): Carried {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}") as Partial<Carried>
    return {
      name: typeof saved.name === "string" ? saved.name.slice(0, 200) : "",
      email: typeof saved.email === "string" ? saved.email.slice(0, 254) : "",
    }
  } catch {
    return { name: "", email: "" }
  }
}

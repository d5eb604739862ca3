import { type NewMessage, NO_SOURCE } from "../messages"

/** The lead a meetings-store test books with: a visitor of this address. */
export const testLead = (email: string): NewMessage => ({
  name: "Léa Martin",
  email,
  company: "Acme",
  phone: null,
  message: "Demo",
  language: "fr",
  page: null,
  spamReason: null,
  source: NO_SOURCE,
})

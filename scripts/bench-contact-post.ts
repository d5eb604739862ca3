import type autocannon from "autocannon"

/** The durable contact POST both load tests send (npm run bench, npm run bench -- cluster). */
export const contactPost = (
  url: string,
  connections: number,
): Omit<autocannon.Options, "duration"> => ({
  url,
  method: "POST",
  connections,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    name: "Bench Mark",
    Email: "bench@example.com",
    Company: "ACME",
    Message: "Bonjour, ceci est un message de test de charge.",
    Language: "fr",
    Page: "/contact",
  }),
})

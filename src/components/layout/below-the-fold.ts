// What the public pages' JavaScript needs only after the first screen: the contact band and
// the footer (with the newsletter box). Both are in the server's HTML and work as plain links
// and forms before their code is here; src/components/layout/deferred.tsx loads it.
export { ContactBand } from "./contact-band"
export { Footer } from "./footer"

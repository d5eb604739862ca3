import { EventBody } from "../audience-event"
import { NoBody } from "../errors"
import { endpoint } from "./define"

/** The audience beacon (src/audience/, docs/AUDIENCE.md); the route exists with ANALYTICS on. */
export const audienceEndpoints = {
  recordEvents: endpoint({
    method: "POST",
    path: "/api/event",
    summary: "Page views, visible time, Web Vitals and conversions from the site's beacon",
    access: "public",
    body: EventBody,
    answers: { 202: NoBody },
  }),
}

import { adminDashboardEndpoints } from "./admin-dashboard"
import { adminDataRightsEndpoints } from "./admin-data-rights"
import { adminMessagesEndpoints } from "./admin-messages"
import { adminOutboxEndpoints } from "./admin-outbox"
import { adminSessionEndpoints } from "./admin-session"
import { adminSubscribersEndpoints } from "./admin-subscribers"
import { adminTeamEndpoints } from "./admin-team"
import { audienceEndpoints } from "./audience"
import { adminMeetingsEndpoints, bookingEndpoints } from "./booking"
import { bookingPageEndpoints } from "./booking-pages"
import type { Endpoint } from "./define"
import { operationsEndpoints } from "./operations"
import { quotesEndpoints } from "./quotes"
import { adminReleasesEndpoints, publishingEndpoints } from "./releases"
import { siteEndpoints } from "./site"

export { ACCESS, type Access, type Endpoint, endpoint, type Method } from "./define"

/**
 * The table of endpoints, one file per area: every HTTP route the server has. The area's name
 * is its OpenAPI tag and its section in server/API.md; an entry's key is its operationId and
 * the name the browser client calls it by. Adding a route is one entry here (docs/ARCHITECTURE.md).
 */
export const endpointAreas = {
  site: siteEndpoints,
  booking: bookingEndpoints,
  "booking pages": bookingPageEndpoints,
  audience: audienceEndpoints,
  quotes: quotesEndpoints,
  operations: operationsEndpoints,
  publishing: publishingEndpoints,
  "admin: session": adminSessionEndpoints,
  "admin: messages": adminMessagesEndpoints,
  "admin: meetings": adminMeetingsEndpoints,
  "admin: dashboard": adminDashboardEndpoints,
  "admin: team": adminTeamEndpoints,
  "admin: subscribers": adminSubscribersEndpoints,
  "admin: data rights": adminDataRightsEndpoints,
  "admin: outbox": adminOutboxEndpoints,
  "admin: releases": adminReleasesEndpoints,
} satisfies Record<string, Record<string, Endpoint>>

type Taking<T> = T extends unknown ? (value: T) => void : never
/** All areas' entries in one type: the intersection of the union of areas. */
type Merged<Areas> = Taking<Areas[keyof Areas]> extends (value: infer All) => void ? All : never

/** The entries of every area in one object, by name. */
export const endpoints = Object.assign({}, ...Object.values(endpointAreas)) as Merged<
  typeof endpointAreas
>
export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

/** Everything under this prefix is the admin's API: its cookie's path, its guards. */
export const ADMIN_PREFIX = "/api/admin"
/** Paths under this prefix are the API's: never a page of the site, a JSON 404 when unknown. */
export const API_PREFIX = "/api/"

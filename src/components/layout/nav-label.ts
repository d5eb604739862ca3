import type { RouteKey } from "../../routes"

/** The common.json key that labels a route in the navigation. */
export const navLabel = (key: RouteKey) => `nav.${key}` as const

// The site's one navigation model: the header and the mobile menu both draw it, so a page
// added here shows in both. Labels are common.json keys.
import { productGroup, resourcesGroup, routes, type RouteKey } from "../../routes"

/** The common.json key that labels a route in the navigation. */
export const navLabel = (key: RouteKey) => `nav.${key}` as const

export type NavLink = {
  kind: "link"
  to: string
  label: string
  /** "mobile": only in the mobile menu (the home page's anchors); "action": the header shows it as a button. */
  placement?: "mobile" | "action"
}
export type NavGroup = { kind: "group"; id: "product" | "resources"; label: string; items: NavLink[] }
export type NavEntry = NavLink | NavGroup

const page = (key: RouteKey, placement?: NavLink["placement"]): NavLink => ({ kind: "link", to: routes[key].path, label: navLabel(key), placement })

const group = (id: NavGroup["id"], label: string, keys: RouteKey[]): NavGroup => ({ kind: "group", id, label, items: keys.map((key) => page(key)) })

export const navigation: NavEntry[] = [
  page("home"),
  group("product", "nav.productGroup", productGroup),
  page("solutions"),
  { kind: "link", to: "/#solutions", label: "nav.solutionsAnchor", placement: "mobile" },
  { kind: "link", to: "/#process", label: "nav.processAnchor", placement: "mobile" },
  group("resources", "nav.resources", resourcesGroup),
  page("about"),
  page("contact", "action"),
]

/** The entries the desktop header lists in its nav, in order. */
export const headerEntries = navigation.filter((entry) => entry.kind === "group" || entry.placement === undefined)
/** The entries the desktop header shows as buttons beside the switches. */
export const headerActions = navigation.filter((entry): entry is NavLink => entry.kind === "link" && entry.placement === "action")

// The site's one navigation model: the header and the mobile menu both draw it, so a page
// added here shows in both. Labels are common.json keys.
import { productGroup, resourcesGroup, routes, type RouteKey } from "../../../content-kit/routes"

/** The common.json key that labels a route in the navigation. */
export const navLabel = (key: RouteKey) => `nav.${key}` as const

export type NavLink = {
  to: string
  label: string
  /** "mobile": only in the mobile menu (the home page's anchors); "action": the header shows it as a button. */
  placement?: "mobile" | "action"
}
export type NavGroup = { id: "product" | "resources"; label: string; items: NavLink[] }
export type NavEntry = NavLink | NavGroup

export const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry

const page = (key: RouteKey, placement?: NavLink["placement"]): NavLink => ({
  to: routes[key].path,
  label: navLabel(key),
  placement,
})

const group = (id: NavGroup["id"], label: string, keys: RouteKey[]): NavGroup => ({
  id,
  label,
  items: keys.map((key) => page(key)),
})

export const navigation: NavEntry[] = [
  page("home"),
  group("product", "nav.productGroup", productGroup),
  page("solutions"),
  { to: "/#solutions", label: "nav.solutionsAnchor", placement: "mobile" },
  { to: "/#process", label: "nav.processAnchor", placement: "mobile" },
  group("resources", "nav.resources", resourcesGroup),
  page("about"),
  page("contact", "action"),
]

/** The entries the desktop header lists in its nav, in order. */
export const headerEntries = navigation.filter((entry) => isGroup(entry) || !entry.placement)
/** The entry the desktop header shows as a button beside the switches. */
export const headerAction = navigation.find(
  (entry): entry is NavLink => !isGroup(entry) && entry.placement === "action",
)!

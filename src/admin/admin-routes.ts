// The admin's screens, by path under /admin. One client-only Gatsby page serves them all.
export type AdminRoute =
  | { view: "login" }
  | { view: "dashboard" }
  | { view: "inbox" }
  | { view: "message"; id: string }
  | { view: "meetings" }
  | { view: "account" }
  | { view: "publishing" }
  | { view: "data" }
  | { view: "deliveries" }
  | { view: "management" }
  | { view: "team" }
  | { view: "audience" }
  | { view: "notFound" }

export const adminPaths = {
  dashboard: "/admin",
  inbox: "/admin/messages",
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  meetings: "/admin/meetings",
  account: "/admin/account",
  publishing: "/admin/publishing",
  data: "/admin/data",
  deliveries: "/admin/deliveries",
  /** The screen the four above replaced: kept so that bookmarks of it still lead somewhere. */
  management: "/admin/management",
  team: "/admin/team",
  audience: "/admin/audience",
  login: "/admin/login",
} as const

/** The screens reached by a fixed path, by their path after /admin. */
const fixedViews: Record<string, Exclude<AdminRoute, { id: string }>["view"]> = {
  "": "dashboard",
  "/login": "login",
  "/messages": "inbox",
  "/meetings": "meetings",
  "/account": "account",
  "/publishing": "publishing",
  "/data": "data",
  "/deliveries": "deliveries",
  "/management": "management",
  "/team": "team",
  "/audience": "audience",
}

export function matchAdminRoute(pathname: string): AdminRoute {
  const rest = pathname.replace(/^\/admin/, "").replace(/\/+$/, "")
  const fixed = Object.hasOwn(fixedViews, rest) ? fixedViews[rest] : undefined
  if (fixed) return { view: fixed }
  const message = /^\/messages\/([^/]+)$/.exec(rest)
  if (message) {
    try {
      return { view: "message", id: decodeURIComponent(message[1]) }
    } catch {
      return { view: "notFound" }
    }
  }
  return { view: "notFound" }
}

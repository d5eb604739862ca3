// The admin's screens, by path under /admin. One client-only Gatsby page serves them all.
export type AdminRoute =
  | { view: "login" }
  | { view: "dashboard" }
  | { view: "inbox" }
  | { view: "message"; id: string }
  | { view: "management" }
  | { view: "team" }
  | { view: "audience" }
  | { view: "notFound" }

export const adminPaths = {
  dashboard: "/admin",
  inbox: "/admin/messages",
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  management: "/admin/management",
  team: "/admin/team",
  audience: "/admin/audience",
  login: "/admin/login",
} as const

export function matchAdminRoute(pathname: string): AdminRoute {
  const rest = pathname.replace(/^\/admin/, "").replace(/\/+$/, "")
  if (rest === "") return { view: "dashboard" }
  if (rest === "/login") return { view: "login" }
  if (rest === "/messages") return { view: "inbox" }
  if (rest === "/management") return { view: "management" }
  if (rest === "/team") return { view: "team" }
  if (rest === "/audience") return { view: "audience" }
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

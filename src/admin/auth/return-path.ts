export const LOGIN_PATH = "/admin/login"

/** The login page, remembering the admin page that was asked for. */
export function loginPath(returnTo?: string): string {
  const target = returnTo ? safeReturnPath(returnTo) : null
  return target && target !== "/admin"
    ? `${LOGIN_PATH}?next=${encodeURIComponent(target)}`
    : LOGIN_PATH
}

/** Only a page of the admin area is a valid return: "next=//evil.example" must not leave the site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !/^\/admin(\/|\?|$)/.test(value) || value.startsWith(LOGIN_PATH)) return null
  return value
}

/** Where to go after signing in, read from the login page's query string. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get("next")) ?? "/admin"
}

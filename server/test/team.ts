import type { TestApp } from "./stores"

/** Signs `username` in; returns the Cookie header value to send. */
export async function signInAs(
  app: TestApp["app"],
  username: string,
  password: string,
  totp?: string,
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username, password, ...(totp ? { totp } : {}) },
  })
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`)
  return `admin_session=${response.cookies.find((c) => c.name === "admin_session")!.value}`
}

/** Adds an account through the owners' API and signs it in. */
export async function addAccount(
  app: TestApp["app"],
  ownerCookie: string,
  username: string,
  role: "owner" | "member",
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/users",
    headers: { cookie: ownerCookie },
    payload: { username, role },
  })
  if (response.statusCode !== 201)
    throw new Error(`adding ${username} failed: ${response.statusCode} ${response.body}`)
  const { user, password } = response.json() as { user: { id: string }; password: string }
  return { id: user.id, password, cookie: await signInAs(app, username, password) }
}

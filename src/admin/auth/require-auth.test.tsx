import { act, render, screen, waitFor } from "@testing-library/react"
import React from "react"
import { AuthProvider, useAuth } from "./auth-context"
import { RequireAuth } from "./require-auth"
import { AUTH_STORAGE_KEY } from "./session"

const navigateMock = (window as unknown as { ___navigate: jest.Mock }).___navigate
const lastNavigation = () => navigateMock.mock.calls.at(-1)?.[0]

function renderGuarded(path = "/admin/messages?status=archived") {
  let auth: ReturnType<typeof useAuth> | null = null
  function Probe() {
    auth = useAuth()
    return null
  }
  render(
    <AuthProvider>
      <Probe />
      <RequireAuth path={path}>
        <p>inbox</p>
      </RequireAuth>
    </AuthProvider>,
  )
  return () => auth!
}

const jsonResponse = (status: number, body?: unknown) =>
  ({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  }) as unknown as Response

describe("the admin guard", () => {
  beforeEach(() => {
    window.localStorage.clear()
    navigateMock.mockClear()
    global.fetch = jest.fn()
  })

  it("sends a signed-out visitor to the login page, remembering the page asked for", async () => {
    renderGuarded()
    await waitFor(() =>
      expect(lastNavigation()).toBe("/admin/login?next=%2Fadmin%2Fmessages%3Fstatus%3Darchived"),
    )
    expect(screen.queryByText("inbox")).not.toBeInTheDocument()
  })

  it("sends a visitor with an expired record to login and removes the record", async () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ expiresAt: Date.now() - 1000 }))
    renderGuarded("/admin")
    await waitFor(() => expect(lastNavigation()).toBe("/admin/login"))
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it("shows the page to a signed-in admin", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    renderGuarded()
    expect(await screen.findByText("inbox")).toBeInTheDocument()
    expect(navigateMock).not.toHaveBeenCalled()
  })

  it("signs out and returns to login on any 401 from the API", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    renderGuarded()
    await screen.findByText("inbox")
    const { call, endpoints, UnauthorizedError } = await import("../client/admin-client")
    ;(global.fetch as jest.Mock).mockResolvedValue(jsonResponse(401, { error: "unauthorized" }))
    await act(async () => {
      await expect(call(endpoints.listMessages)).rejects.toBeInstanceOf(UnauthorizedError)
    })
    await waitFor(() =>
      expect(lastNavigation()).toBe("/admin/login?next=%2Fadmin%2Fmessages%3Fstatus%3Darchived"),
    )
    expect(screen.queryByText("inbox")).not.toBeInTheDocument()
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it("signs out when the stored expiry passes while the page is open", async () => {
    jest.useFakeTimers()
    try {
      window.localStorage.setItem(
        AUTH_STORAGE_KEY,
        JSON.stringify({ expiresAt: Date.now() + 5_000 }),
      )
      renderGuarded("/admin")
      expect(screen.getByText("inbox")).toBeInTheDocument()
      act(() => {
        jest.advanceTimersByTime(5_001)
      })
      expect(screen.queryByText("inbox")).not.toBeInTheDocument()
      expect(lastNavigation()).toBe("/admin/login")
    } finally {
      jest.useRealTimers()
    }
  })

  it("logs in (true), stores 24 hours, and returns false on a wrong password", async () => {
    const auth = renderGuarded()
    await waitFor(() => expect(auth().status).toBe("signedOut"))
    const fetchMock = global.fetch as jest.Mock
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: "invalid_credentials" }))
    let result: boolean | undefined
    await act(async () => {
      result = await auth().login("admin", "wrong")
    })
    expect(result).toBe(false)
    expect(auth().loginError).toBe("invalid")
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()

    const expiresAt = Date.now() + 24 * 3600_000
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { expiresAt }))
    await act(async () => {
      result = await auth().login("admin", "right")
    })
    expect(result).toBe(true)
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/admin/login",
      expect.objectContaining({ method: "POST", credentials: "include" }),
    )
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ expiresAt })
    expect(await screen.findByText("inbox")).toBeInTheDocument()
  })

  it("logs out: revokes the server session, removes the record, goes to /admin/login", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const auth = renderGuarded()
    await screen.findByText("inbox")
    ;(global.fetch as jest.Mock).mockResolvedValue(jsonResponse(204))
    await act(async () => {
      await auth().logout()
    })
    expect(global.fetch).toHaveBeenCalledWith(
      "/api/admin/logout",
      expect.objectContaining({ method: "POST", credentials: "include" }),
    )
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    expect(lastNavigation()).toBe("/admin/login")
    expect(navigateMock.mock.calls.every(([to]) => to === "/admin/login")).toBe(true)
  })
})

import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import React from "react"
import deAdmin from "../../content/locales/de/admin.json"
import deCommon from "../../content/locales/de/common.json"
import enAdmin from "../../content/locales/en/admin.json"
import enCommon from "../../content/locales/en/common.json"
import frAdmin from "../../content/locales/fr/admin.json"
import frCommon from "../../content/locales/fr/common.json"
import { AdminApp } from "./admin-app"
import { AUTH_STORAGE_KEY } from "./auth/session"

// The shared inbox's screens in English, texts read from content/locales/en/admin.json.
const files = {
  fr: { admin: frAdmin, common: frCommon },
  en: { admin: enAdmin, common: enCommon },
  de: { admin: deAdmin, common: deCommon },
}
const nodes = Object.entries(files).flatMap(([language, namespaces]) =>
  Object.entries(namespaces).map(([ns, data]) => ({ language, ns, data: JSON.stringify(data) })),
)
const en = enAdmin
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, key: string) => String(values[key]))

const message = {
  id: "m1",
  createdAt: "2026-11-20T09:30:00.000Z",
  status: "read",
  name: "Anna Schmidt",
  email: "anna@example.de",
  company: null,
  phone: null,
  message: "Hallo",
  language: "de",
  page: "/de/contact",
  spamReason: null,
  assignee: null,
  source: {
    landingPage: "/de",
    referrer: null,
    utmSource: "newsletter",
    utmMedium: null,
    utmCampaign: "spring",
    utmTerm: null,
    utmContent: null,
  },
}
const summary = {
  messages: { unread: 0, read: 1, replied: 0, archived: 0, spam: 0, total: 1 },
  subscribers: 0,
  perDay: [],
}
const account = (role: "owner" | "member", extra: object = {}) => ({
  username: role === "owner" ? "admin" : "lea",
  expiresAt: Date.now() + 60_000,
  role,
  totpEnabled: false,
  totpSetupRequired: false,
  ...extra,
})
const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

type Route = (path: string, init?: RequestInit) => Promise<Response> | undefined
let fetchMock: jest.Mock

function serve(
  role: "owner" | "member",
  extra: Route = () => undefined,
  accountExtra: object = {},
) {
  fetchMock = jest.fn((url: string, init?: RequestInit) => {
    const path = String(url)
    return (
      extra(path, init) ??
      (path === "/api/admin/session"
        ? answer(account(role, accountExtra))
        : path.startsWith("/api/admin/summary")
          ? answer(summary)
          : path === "/api/admin/assignees"
            ? answer([
                { id: "u1", username: "admin" },
                { id: "u2", username: "lea" },
              ])
            : path === "/api/admin/messages/m1/notes"
              ? answer([])
              : path === "/api/admin/messages/m1"
                ? answer(message)
                : path.startsWith("/api/admin/messages")
                  ? answer({ items: [message], total: 1, page: 1, pageSize: 20 })
                  : answer({ error: "not_found" }, 404))
    )
  })
  global.fetch = fetchMock
}

function renderAdmin(pathname: string) {
  return render(<AdminApp nodes={nodes} pathname={pathname} search="" />)
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === path && (init?.method ?? "GET") === method,
  )

// Each test renders the whole admin app; on a busy machine that takes a few seconds.
jest.setTimeout(20_000)
configure({ asyncUtilTimeout: 5_000 })

describe("the shared inbox screens", () => {
  beforeEach(() => {
    window.localStorage.clear()
    window.localStorage.setItem("language", "en")
  })

  describe("signed in", () => {
    beforeEach(() =>
      window.localStorage.setItem(
        AUTH_STORAGE_KEY,
        JSON.stringify({ expiresAt: Date.now() + 60_000 }),
      ),
    )

    it("lets a member assign a message to themselves and add a note, without the owners' Delete and Team", async () => {
      serve("member", (path, init) => {
        if (path === "/api/admin/messages/m1/assignee")
          return answer({ ...message, assignee: { id: "u2", username: "lea" } })
        if (path === "/api/admin/messages/m1/notes" && init?.method === "POST")
          return answer(
            {
              id: "n1",
              messageId: "m1",
              author: "lea",
              createdAt: "2026-11-20T10:00:00.000Z",
              text: JSON.parse(String(init.body)).text,
            },
            201,
          )
      })
      renderAdmin("/admin/messages/m1")
      await screen.findByText(en.team.noNotes)
      await waitFor(() => expect(screen.getByLabelText(en.team.assignee)).toBeEnabled())
      fireEvent.click(await screen.findByRole("button", { name: en.team.assignToMe }))
      await screen.findByText(fill(en.team.assigned, { username: "lea" }))
      expect(
        JSON.parse(String(calls("PUT", "/api/admin/messages/m1/assignee")[0][1].body)),
      ).toEqual({ assigneeId: "u2" })
      expect(screen.getByLabelText(en.team.assignee)).toHaveValue("u2")

      fireEvent.change(screen.getByLabelText(new RegExp(en.team.addNote)), {
        target: { value: "Called back" },
      })
      fireEvent.click(screen.getByRole("button", { name: en.team.saveNote }))
      const note = await screen.findByTestId("note")
      expect(note).toHaveTextContent("lea")
      expect(note).toHaveTextContent("Called back")
      expect(screen.getByLabelText(new RegExp(en.team.addNote))).toHaveValue("")

      expect(screen.queryByRole("button", { name: en.message.delete })).toBeNull()
      expect(screen.queryByRole("link", { name: en.shell.team })).toBeNull()
    })

    it("marks the message replied when Reply opens the mail, with the subject in the visitor's language", async () => {
      serve("member", (path, init) =>
        path === "/api/admin/messages/m1" && init?.method === "PATCH"
          ? answer({ ...message, status: "replied" })
          : undefined,
      )
      renderAdmin("/admin/messages/m1")
      const reply = await screen.findByRole("link", { name: en.message.reply })
      const href = new URL(reply.getAttribute("href")!)
      expect(href.searchParams.get("subject")).toBe(
        fill(deAdmin.message.replySubject, { brand: deCommon.brand.name }),
      )
      reply.addEventListener("click", (event) => event.preventDefault())
      fireEvent.click(reply)
      await screen.findByText(en.message.changed.replied)
      expect(JSON.parse(String(calls("PATCH", "/api/admin/messages/m1")[0][1].body))).toEqual({
        status: "replied",
      })
    })

    it("shows owners the Team page: adding an account shows its first password once", async () => {
      const users = [
        {
          id: "u1",
          username: "admin",
          role: "owner",
          totpEnabled: true,
          createdAt: "2026-11-01T00:00:00.000Z",
        },
      ]
      serve("owner", (path, init) => {
        if (path === "/api/admin/users" && init?.method === "POST")
          return answer(
            {
              user: {
                id: "u3",
                username: "nora",
                role: "member",
                totpEnabled: false,
                createdAt: "2026-11-22T00:00:00.000Z",
              },
              password: "Secret-first-pass1",
            },
            201,
          )
        if (path === "/api/admin/users") return answer(users)
        if (path.startsWith("/api/admin/audit"))
          return answer({
            items: [
              {
                id: "a1",
                at: "2026-11-22T08:00:00.000Z",
                username: "admin",
                action: "login",
                messageId: null,
                detail: null,
                ip: "192.0.2.1",
              },
            ],
            total: 1,
            page: 1,
            pageSize: 25,
          })
      })
      renderAdmin("/admin/team")
      expect(await screen.findByRole("link", { name: en.shell.team })).toHaveAttribute(
        "aria-current",
        "page",
      )
      expect(await screen.findByTestId("audit-row")).toHaveTextContent(en.audit.actions.login)
      fireEvent.change(screen.getByLabelText(new RegExp(`^${en.users.username}`)), {
        target: { value: "Nora" },
      })
      fireEvent.click(screen.getByRole("button", { name: en.users.add }))
      expect(await screen.findByTestId("new-password")).toHaveTextContent("Secret-first-pass1")
      expect(JSON.parse(String(calls("POST", "/api/admin/users")[0][1].body))).toEqual({
        username: "nora",
        role: "member",
      })
    })

    it("counts messages per source and campaign, switching the period", async () => {
      serve("member", (path) =>
        path.startsWith("/api/admin/sources")
          ? answer({
              days: Number(new URL(path, "http://x").searchParams.get("days")),
              total: 2,
              bySource: [{ name: "newsletter", count: 2 }],
              byCampaign: [{ name: null, count: 2 }],
              otherSources: 0,
              otherCampaigns: 0,
            })
          : undefined,
      )
      renderAdmin("/admin")
      const bySource = await screen.findByTestId("sources-by-source")
      expect(within(bySource).getByRole("row", { name: /newsletter/ })).toHaveTextContent("2")
      expect(screen.getByTestId("sources-by-campaign")).toHaveTextContent(en.sources.noCampaign)
      fireEvent.click(screen.getByLabelText(fill(en.sources.days_other, { count: 7 })))
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
          "/api/admin/sources?days=7",
        ),
      )
    })

    const enrolment =
      "holds an owner whom ADMIN_REQUIRE_2FA concerns to the enrolment, which asks for the password again"
    it(enrolment, async () => {
      serve(
        "owner",
        (path, init) => {
          if (path === "/api/admin/totp/setup")
            return answer({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: "otpauth://totp/x" })
          if (path !== "/api/admin/totp/enable") return undefined
          const body = JSON.parse(String(init!.body))
          return body.password === "right password"
            ? answer({ totpEnabled: true })
            : answer({ error: "wrong_password", message: "x" }, 400)
        },
        {
          totpSetupRequired: true,
        },
      )
      renderAdmin("/admin/messages")
      expect(
        await screen.findByRole("heading", { level: 1, name: en.totp.requiredTitle }),
      ).toBeInTheDocument()
      expect(screen.queryByTestId("inbox-row")).toBeNull()
      fireEvent.click(screen.getByRole("button", { name: en.totp.start }))
      expect(await screen.findByTestId("totp-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP")
      expect(screen.getByRole("link", { name: en.totp.openApp })).toHaveAttribute(
        "href",
        "otpauth://totp/x",
      )
      const password = screen.getByLabelText(en.totp.password)
      expect(password).toHaveAttribute("type", "password")
      expect(password).toHaveAccessibleDescription(en.totp.passwordNote)
      fireEvent.change(screen.getByLabelText(en.totp.code), { target: { value: "123456" } })
      fireEvent.change(password, { target: { value: "wrong password" } })
      fireEvent.click(screen.getByRole("button", { name: en.totp.confirm }))
      expect(await screen.findByText(en.totp.wrongPassword)).toBeInTheDocument()
      fireEvent.change(password, { target: { value: "right password" } })
      fireEvent.click(screen.getByRole("button", { name: en.totp.confirm }))
      expect(await screen.findByText(en.totp.enabled)).toBeInTheDocument()
      expect(
        calls("POST", "/api/admin/totp/enable").map(([, init]) => JSON.parse(String(init!.body))),
      ).toEqual([
        { code: "123456", password: "wrong password" },
        { code: "123456", password: "right password" },
      ])
    })
  })

  it("asks for the authenticator code after a right password, and sends it", async () => {
    serve("owner", (path, init) => {
      if (path !== "/api/admin/login") return undefined
      const body = JSON.parse(String(init!.body))
      return body.totp === "123456"
        ? answer({ expiresAt: Date.now() + 60_000 })
        : answer({ error: body.totp ? "invalid_totp" : "totp_required" }, 401)
    })
    renderAdmin("/admin/login")
    fireEvent.change(screen.getByLabelText(en.login.username), { target: { value: "admin" } })
    fireEvent.change(screen.getByLabelText(en.login.password), {
      target: { value: "right password" },
    })
    fireEvent.click(screen.getByRole("button", { name: en.login.submit }))
    const code = await screen.findByLabelText(new RegExp(en.login.totp))
    await waitFor(() => expect(code).toHaveFocus())
    expect(screen.getByLabelText(en.login.password)).toHaveValue("right password")
    fireEvent.change(code, { target: { value: "654321" } })
    fireEvent.click(screen.getByRole("button", { name: en.login.submit }))
    expect(await screen.findByRole("alert")).toHaveTextContent(en.login.totpInvalid)
    fireEvent.change(screen.getByLabelText(new RegExp(en.login.totp)), {
      target: { value: "123456" },
    })
    fireEvent.click(screen.getByRole("button", { name: en.login.submit }))
    await waitFor(() => expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull())
    expect(JSON.parse(String(calls("POST", "/api/admin/login").at(-1)![1].body))).toEqual({
      username: "admin",
      password: "right password",
      totp: "123456",
    })
  })

  it("says so when the server can no longer read the account's TOTP secret (its key changed)", async () => {
    serve("member", (path) =>
      path === "/api/admin/login"
        ? answer({ error: "totp_unreadable", message: "x" }, 409)
        : undefined,
    )
    renderAdmin("/admin/login")
    fireEvent.change(screen.getByLabelText(en.login.username), { target: { value: "sam" } })
    fireEvent.change(screen.getByLabelText(en.login.password), {
      target: { value: "right password" },
    })
    fireEvent.click(screen.getByRole("button", { name: en.login.submit }))
    expect(await screen.findByRole("alert")).toHaveTextContent(en.login.totpUnreadable)
    expect(screen.queryByLabelText(new RegExp(en.login.totp))).toBeNull()
  })
})

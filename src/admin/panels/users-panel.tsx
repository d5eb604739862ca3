import { KeyRound, Trash2, UserPlus } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Field, Input } from "../../components/ui/field"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import {
  ADMIN_ROLES,
  ApiError,
  call,
  endpoints,
  type AdminRole,
  type TeamMember,
  UnauthorizedError,
} from "../client/admin-client"
import { useAccount } from "../hooks/shared-values"
import { useLoad } from "../hooks/use-load"
import { Flash, Loaded, select } from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"

/**
 * Owners add accounts (the first password is shown once), change roles, reset a lost second
 * factor, remove accounts.
 */
export function UsersPanel() {
  const { t } = useTranslation("admin")
  const { data: account } = useAccount()
  const users = useLoad(() => call(endpoints.listUsers), "users")
  const [username, setUsername] = useState("")
  const [role, setRole] = useState<AdminRole>("member")
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null)
  const [flash, setFlash] = useState<{ tone: "success" | "error"; text: string } | null>(null)
  const [removing, setRemoving] = useState<TeamMember | null>(null)

  async function act(action: () => Promise<unknown>, success: string) {
    try {
      await action()
      setFlash({ tone: "success", text: success })
      users.reload()
    } catch (error) {
      if (error instanceof UnauthorizedError) return
      const code = error instanceof ApiError ? error.code : ""
      setFlash({
        tone: "error",
        text: t(
          ["last_owner", "username_taken"].includes(code) ? `users.${code}` : "common.actionError",
        ),
      })
    }
  }

  async function add(event: React.FormEvent) {
    event.preventDefault()
    setCreated(null)
    await act(async () => {
      const result = await call(endpoints.addUser, {
        body: { username: username.trim().toLowerCase(), role },
      })
      setCreated({ username: result.user.username, password: result.password })
      setUsername("")
    }, t("users.added"))
  }

  return (
    <Panel id="users" title={t("users.title")} className="space-y-4">
      <form
        onSubmit={add}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <Field id="user-name" label={t("users.username")} hint={t("users.usernameHint")}>
          <Input
            id="user-name"
            required
            pattern="[a-zA-Z0-9._@\-]{1,64}"
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <Field id="user-role" label={t("users.role")}>
          <select
            id="user-role"
            className={select.field}
            value={role}
            onChange={(e) => setRole(e.target.value as AdminRole)}
          >
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`users.roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit">
          <UserPlus aria-hidden="true" />
          {t("users.add")}
        </Button>
      </form>
      {flash && <Flash tone={flash.tone}>{flash.text}</Flash>}
      {created && (
        <p
          data-testid="new-password"
          className={cn(
            "rounded-lg border border-amber-700/40 bg-amber-50 p-3 text-sm text-amber-950",
            "dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-50",
          )}
        >
          {t("users.passwordOnce", { username: created.username })}{" "}
          <code className="select-all break-all font-mono font-semibold">{created.password}</code>
        </p>
      )}
      <Loaded load={users}>
        {(data) => (
          <Table
            columns={[
              { label: t("users.username") },
              { label: t("users.role"), className: "w-36" },
              { label: t("users.totp"), className: "hidden sm:table-cell" },
              { label: <span className="sr-only">{t("management.actions")}</span> },
            ]}
          >
            {data.map((user) => (
              <TableRow key={user.id} data-testid="user-row">
                <td className="py-2 pr-3 font-medium">
                  {user.username}
                  {user.username === account?.username && (
                    <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">
                      ({t("users.you")})
                    </span>
                  )}
                </td>
                <td className="py-2 pr-3">
                  <label htmlFor={`role-${user.id}`} className="sr-only">
                    {t("users.roleOf", { username: user.username })}
                  </label>
                  <select
                    id={`role-${user.id}`}
                    className={select.compact}
                    value={user.role}
                    onChange={(e) =>
                      void act(
                        () =>
                          call(endpoints.setUserRole, {
                            params: { id: user.id },
                            body: { role: e.target.value as AdminRole },
                          }),
                        t("users.roleChanged", { username: user.username }),
                      )
                    }
                  >
                    {ADMIN_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`users.roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell">
                  {user.totpEnabled ? t("users.totpOn") : t("users.totpOff")}
                </td>
                <td className="py-1 text-right whitespace-nowrap">
                  {user.totpEnabled && (
                    <Button
                      variant="ghost"
                      size="sm"
                      title={t("users.resetTotp")}
                      aria-label={t("users.resetTotpOf", { username: user.username })}
                      onClick={() =>
                        void act(
                          () => call(endpoints.resetUserTotp, { params: { id: user.id } }),
                          t("users.totpReset", { username: user.username }),
                        )
                      }
                    >
                      <KeyRound aria-hidden="true" />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    title={t("users.remove")}
                    aria-label={t("users.removeOf", { username: user.username })}
                    onClick={() => setRemoving(user)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </td>
              </TableRow>
            ))}
          </Table>
        )}
      </Loaded>
      <ConfirmDialog
        open={removing !== null}
        title={t("inbox.confirmTitle")}
        text={removing ? t("users.confirmRemove", { username: removing.username }) : ""}
        confirmLabel={t("users.remove")}
        destructive
        onConfirm={() => {
          const user = removing
          setRemoving(null)
          if (user)
            void act(
              () => call(endpoints.removeUser, { params: { id: user.id } }),
              t("users.removed", { username: user.username }),
            )
        }}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  )
}

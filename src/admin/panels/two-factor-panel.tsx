import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Field, Input } from "../../components/ui/field"
import { Notice } from "../../components/ui/notice"
import { Panel } from "../../components/ui/panel"
import { ApiError, call, endpoints, UnauthorizedError } from "../client/admin-client"
import { useAccount } from "../hooks/shared-values"
import { PageTitle } from "../ui/admin-ui"
import { TotpCodeInput } from "../ui/totp-code-input"

type Outcome =
  | "enabled"
  | "disabled"
  | "wrongCode"
  | "wrongPassword"
  | "requiredForOwners"
  | "tooMany"
  | "failed"

const errorOutcome = (error: unknown): Outcome | null => {
  if (error instanceof UnauthorizedError) return null
  if (error instanceof ApiError && error.code === "invalid_totp") return "wrongCode"
  if (error instanceof ApiError && error.code === "wrong_password") return "wrongPassword"
  if (error instanceof ApiError && error.code === "totp_required_for_owners")
    return "requiredForOwners"
  if (error instanceof ApiError && error.status === 429) return "tooMany"
  return "failed"
}

/**
 * The signed-in account's own TOTP: enrol with an authenticator app, or turn it off. Both ask
 * for the password again, so a session taken from someone cannot change their second factor.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation("admin")
  const { data: account, reload } = useAccount()
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null)
  const [code, setCode] = useState("")
  const [password, setPassword] = useState("")
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function run(action: () => Promise<Outcome | null>) {
    setBusy(true)
    try {
      setOutcome(await action())
      await reload()
    } catch (error) {
      setOutcome(errorOutcome(error))
    } finally {
      setBusy(false)
    }
  }

  const begin = () =>
    run(async () => {
      setSetup(await call(endpoints.startTotp))
      return null
    })
  const confirm = (event: React.FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await call(endpoints.enableTotp, { body: { code, password } })
      setSetup(null)
      setCode("")
      setPassword("")
      return "enabled"
    })
  }
  const turnOff = (event: React.FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await call(endpoints.disableTotp, { body: { password } })
      setPassword("")
      return "disabled"
    })
  }

  // Turning it on and turning it off each ask for the password again (one form at a time).
  const passwordField = (note?: string) => (
    <Field id="totp-password" label={t("totp.password")}>
      <Input
        id="totp-password"
        type="password"
        autoComplete="current-password"
        required
        aria-describedby={note ? "totp-password-note" : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {note && (
        <p id="totp-password-note" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {note}
        </p>
      )}
    </Field>
  )

  if (!account) return null
  const good = outcome === "enabled" || outcome === "disabled"
  return (
    <Panel id="totp" title={t("totp.title")} className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="totp-state">
        {account.totpEnabled ? t("totp.on") : t("totp.off")}
      </p>
      {outcome && (
        <Notice
          tone={good ? "success" : "error"}
          title={good ? t("common.doneTitle") : t("common.errorTitle")}
        >
          {t(`totp.${outcome}`)}
        </Notice>
      )}
      {!account.totpEnabled && !setup && (
        <Button onClick={() => void begin()} disabled={busy}>
          {t("totp.start")}
        </Button>
      )}
      {!account.totpEnabled && setup && (
        <form onSubmit={confirm} className="space-y-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>
              {t("totp.step1")}{" "}
              <a
                href={setup.uri}
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                {t("totp.openApp")}
              </a>
            </li>
            <li>
              {t("totp.step2")}
              <code
                data-testid="totp-secret"
                className={cn(
                  "mt-1 block break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-base",
                  "tracking-wider text-slate-900 dark:bg-slate-800 dark:text-slate-100",
                )}
              >
                {setup.secret.match(/.{1,4}/g)!.join(" ")}
              </code>
            </li>
            <li>{t("totp.step3")}</li>
          </ol>
          <Field id="totp-code" label={t("totp.code")}>
            <TotpCodeInput id="totp-code" value={code} onChange={setCode} />
          </Field>
          {passwordField(t("totp.passwordNote"))}
          <Button type="submit" disabled={busy}>
            {t("totp.confirm")}
          </Button>
        </form>
      )}
      {account.totpEnabled && (
        <form onSubmit={turnOff} className="space-y-4">
          {passwordField()}
          <Button type="submit" variant="outline" disabled={busy}>
            {t("totp.turnOff")}
          </Button>
        </form>
      )}
    </Panel>
  )
}

/** What an owner sees everywhere while ADMIN_REQUIRE_2FA waits for their second factor. */
export function TotpRequiredView() {
  const { t } = useTranslation("admin")
  return (
    <>
      <PageTitle>{t("totp.requiredTitle")}</PageTitle>
      <p className="mb-4 max-w-prose text-slate-700 dark:text-slate-300">
        {t("totp.requiredText")}
      </p>
      <div className="max-w-xl">
        <TwoFactorPanel />
      </div>
    </>
  )
}

import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { Field, Input } from "../../components/ui/field"
import { Notice } from "../../components/ui/notice"
import { Panel } from "../../components/ui/panel"
import { useAuth } from "../auth/auth-context"
import {
  ApiError,
  call,
  endpoints,
  MIN_PASSWORD_LENGTH,
  UnauthorizedError,
} from "../client/admin-client"

type Outcome = "success" | "tooShort" | "mismatch" | "wrong" | "throttled" | "failed"

export function PasswordForm() {
  const { t } = useTranslation("admin")
  const { renew } = useAuth()
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const [again, setAgain] = useState("")
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (next.length < MIN_PASSWORD_LENGTH) return setOutcome("tooShort")
    if (next !== again) return setOutcome("mismatch")
    setSaving(true)
    try {
      renew(
        (
          await call(endpoints.changePassword, {
            body: { currentPassword: current, newPassword: next },
          })
        ).expiresAt,
      )
      setCurrent("")
      setNext("")
      setAgain("")
      setOutcome("success")
    } catch (error) {
      if (error instanceof UnauthorizedError) return
      setOutcome(
        error instanceof ApiError && error.code === "wrong_password"
          ? "wrong"
          : error instanceof ApiError && error.status === 429
            ? "throttled"
            : "failed",
      )
    } finally {
      setSaving(false)
    }
  }

  const message =
    outcome && outcome !== "success"
      ? outcome === "failed"
        ? t("common.actionError")
        : t(`management.password.${outcome}`)
      : null
  return (
    <Panel
      id="password"
      title={t("management.password.title")}
      lead={t("management.password.lead")}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={saving}>
        {outcome === "success" && (
          <Notice tone="success" title={t("common.doneTitle")}>
            {t("management.password.success")}
          </Notice>
        )}
        {message && (
          <Notice tone="error" title={t("common.errorTitle")}>
            {message}
          </Notice>
        )}
        <Field id="password-current" label={t("management.password.current")}>
          <Input
            id="password-current"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            aria-invalid={outcome === "wrong" || undefined}
          />
        </Field>
        <Field
          id="password-new"
          label={t("management.password.new")}
          hint={t("management.password.newHint")}
        >
          <Input
            id="password-new"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            aria-invalid={outcome === "tooShort" || undefined}
          />
        </Field>
        <Field id="password-again" label={t("management.password.confirm")}>
          <Input
            id="password-again"
            type="password"
            autoComplete="new-password"
            required
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            aria-invalid={outcome === "mismatch" || undefined}
          />
        </Field>
        <Button type="submit" disabled={saving || !current}>
          {saving ? t("management.password.submitting") : t("management.password.submit")}
        </Button>
      </form>
    </Panel>
  )
}

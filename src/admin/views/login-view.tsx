import { navigate } from "gatsby"
import React, { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { LanguageSwitch } from "../../components/layout/language-switch"
import { ThemeSwitch } from "../../components/layout/theme-switch"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Field, Input } from "../../components/ui/field"
import { Notice } from "../../components/ui/notice"
import { panelBox } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { localizePath } from "../../i18n/languages"
import { BrandMark } from "../admin-shell"
import { useAuth } from "../auth/auth-context"
import { returnPathFrom } from "../auth/return-path"
import { TotpCodeInput } from "../ui/totp-code-input"

/** Sign-in; on success, back to the admin page that was asked for. A failure keeps the user name. */
export function LoginView({ search }: { search: string }) {
  const { t } = useTranslation("admin")
  const { status, login, loginError } = useAuth()
  const { language } = useLanguage()
  const [username, setUsername] = useState("")
  const [password, setPassword] = useState("")
  const [submitting, setSubmitting] = useState(false)
  const [failed, setFailed] = useState(false)
  const [code, setCode] = useState("")
  const passwordInput = useRef<HTMLInputElement>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  // Once the server asked for the second factor, the form asks for the code too.
  const askCode = loginError === "totpRequired" || loginError === "totpInvalid"

  useEffect(() => {
    if (status === "signedIn") void navigate(returnPathFrom(search), { replace: true })
  }, [status, search])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSubmitting(true)
    const ok = await login(username.trim(), password, askCode && code ? code : undefined)
    setSubmitting(false)
    if (!ok) setFailed(true)
  }

  // After a failure, the field to fill again gets the focus: the code, or the password.
  useEffect(() => {
    if (!failed || submitting) return
    if (askCode) {
      setCode("")
      codeInput.current?.focus()
    } else {
      setPassword("")
      passwordInput.current?.focus()
    }
  }, [failed, submitting, askCode, loginError])

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-end gap-2 p-4">
        <LanguageSwitch />
        <ThemeSwitch />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center sm:pt-0"
      >
        <div className={cn(panelBox, "w-full max-w-sm p-6 sm:p-8")}>
          <BrandMark />
          <h1 className="mt-6 text-2xl font-bold tracking-tight">{t("login.title")}</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("login.lead")}</p>
          <form onSubmit={submit} className="mt-6 space-y-4" aria-busy={submitting}>
            {failed && loginError && loginError !== "totpRequired" && (
              <Notice tone="error" title={t("login.errorTitle")}>
                {t(`login.${loginError}`)}
              </Notice>
            )}
            <Field id="admin-username" label={t("login.username")}>
              <Input
                id="admin-username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </Field>
            <Field id="admin-password" label={t("login.password")}>
              <Input
                ref={passwordInput}
                id="admin-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            {askCode && (
              <Field id="admin-totp" label={t("login.totp")} hint={t("login.totpHint")}>
                <TotpCodeInput
                  ref={codeInput}
                  id="admin-totp"
                  name="totp"
                  value={code}
                  onChange={setCode}
                />
              </Field>
            )}
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? t("login.submitting") : t("login.submit")}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm">
            <a
              href={localizePath("/", language)}
              className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {t("login.backToSite")}
            </a>
          </p>
        </div>
      </main>
    </div>
  )
}

import { LoginBody, PasswordBody, SessionAnswer, SessionExpiry } from "../admin"
import { NoBody } from "../errors"
import { TotpDisableBody, TotpEnableBody, TotpSetupAnswer, TotpState } from "../team"
import { endpoint } from "./define"

/** Signing in and out, the session, the account's own password and two-factor sign-in. */
export const adminSessionEndpoints = {
  login: endpoint({
    method: "POST",
    path: "/api/admin/login",
    summary: "Sign in: sets the session cookie",
    access: "sign-in",
    body: LoginBody,
    answers: { 200: SessionExpiry },
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/admin/logout",
    summary: "Sign out: revokes the session and clears the cookie",
    access: "sign-in",
    answers: { 204: NoBody },
  }),
  getSession: endpoint({
    method: "GET",
    path: "/api/admin/session",
    summary: "The signed-in account and when its session ends",
    access: "session",
    answers: { 200: SessionAnswer },
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/admin/password",
    summary: "Change the account's password: revokes every other session",
    access: "session",
    body: PasswordBody,
    answers: { 200: SessionExpiry },
  }),
  startTotp: endpoint({
    method: "POST",
    path: "/api/admin/totp/setup",
    summary: "Start two-factor sign-in: a new secret to scan",
    access: "session",
    answers: { 200: TotpSetupAnswer },
  }),
  enableTotp: endpoint({
    method: "POST",
    path: "/api/admin/totp/enable",
    summary: "Turn two-factor sign-in on with a first code and the password",
    access: "session",
    body: TotpEnableBody,
    answers: { 200: TotpState },
  }),
  disableTotp: endpoint({
    method: "POST",
    path: "/api/admin/totp/disable",
    summary: "Turn two-factor sign-in off (with the password)",
    access: "session",
    body: TotpDisableBody,
    answers: { 200: TotpState },
  }),
}

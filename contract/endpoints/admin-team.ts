import { Type } from "@sinclair/typebox"
import { IdParams, PageOf } from "../admin"
import { AuditEntry, AuditQuery } from "../audit"
import { NoBody } from "../errors"
import { NewUserAnswer, NewUserBody, RoleBody, TeamMember } from "../team"
import { endpoint } from "./define"

/** The team's accounts and the audit log: owners only. */
export const adminTeamEndpoints = {
  listUsers: endpoint({
    method: "GET",
    path: "/api/admin/users",
    summary: "The team's accounts",
    access: "owner",
    answers: { 200: Type.Array(TeamMember) },
  }),
  addUser: endpoint({
    method: "POST",
    path: "/api/admin/users",
    summary: "Add an account: its first password is in the answer, once",
    access: "owner",
    body: NewUserBody,
    answers: { 201: NewUserAnswer },
  }),
  setUserRole: endpoint({
    method: "PATCH",
    path: "/api/admin/users/:id",
    summary: "Change an account's role (the team keeps at least one owner)",
    access: "owner",
    params: IdParams,
    body: RoleBody,
    answers: { 200: TeamMember },
  }),
  removeUser: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:id",
    summary: "Remove an account (the team keeps at least one owner)",
    access: "owner",
    params: IdParams,
    answers: { 204: NoBody },
  }),
  resetUserTotp: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:id/totp",
    summary: "Turn off an account's two-factor sign-in, so that it enrols again",
    access: "owner",
    params: IdParams,
    answers: { 204: NoBody },
  }),
  listAudit: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    summary: "One page of the audit log, newest first, or one message's entries",
    access: "owner",
    query: AuditQuery,
    answers: { 200: PageOf(AuditEntry) },
  }),
}

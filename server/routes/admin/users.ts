import { randomBytes } from "node:crypto"
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { hashPassword } from "../../auth/password"
import { actorOf, requireOwner } from "../../auth/roles"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"
import { paging } from "./paging"

const notFound = () => new HttpError(404, "not_found", "No such account.")
const lastOwner = () => new HttpError(409, "last_owner", "The team needs at least one owner.")

/** The users page and the audit log: owners only. */
export const adminUsersRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store }) => {
  app.addHook("preHandler", requireOwner)

  route(app, endpoints.listUsers, async () => store.admins.list())

  // The first password is made here and shown once to the owner, who hands it over; the new
  // member then changes it on the management page.
  route(app, endpoints.addUser, async (request, reply) => {
    const password = randomBytes(15).toString("base64url")
    const user = await store.admins.create(
      request.body.username,
      await hashPassword(password),
      request.body.role,
    )
    if (!user) throw new HttpError(409, "username_taken", "That user name is taken.")
    await store.audit.record(actorOf(request), {
      action: "user_added",
      detail: `${user.username} (${user.role})`,
    })
    return reply.code(201).send({ user, password })
  })

  route(app, endpoints.setUserRole, async (request) => {
    const session = request.adminSession!
    // The account's sessions end with the change; an owner changing their own keeps this one.
    const change = await store.accounts.changeRole(
      request.params.id,
      request.body.role,
      actorOf(request),
      session.adminId === request.params.id ? session.tokenHash : undefined,
    )
    if (change === "last_owner") throw lastOwner()
    if (change.outcome === "not_found") throw notFound()
    return change.member
  })

  route(app, endpoints.removeUser, async (request, reply) => {
    const outcome = await store.accounts.remove(request.params.id, actorOf(request))
    if (outcome === "not_found") throw notFound()
    if (outcome === "last_owner") throw lastOwner()
    return reply.code(204).send(null)
  })

  // A member who lost their phone: an owner turns the second factor off, they enrol again.
  route(app, endpoints.resetUserTotp, async (request, reply) => {
    const user = await store.admins.findById(request.params.id)
    if (!user || !(await store.admins.disableTotp(user.id))) throw notFound()
    await store.audit.record(actorOf(request), {
      action: "user_totp_reset",
      detail: user.username,
    })
    return reply.code(204).send(null)
  })

  route(app, endpoints.listAudit, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.audit.list({ messageId: request.query.messageId }, page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })
}

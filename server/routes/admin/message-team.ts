import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { actorOf } from "../../auth/roles"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"
import { trimBody } from "../trim-body"

const notFound = () => new HttpError(404, "not_found", "No such message.")

/** The shared inbox's work on one message: who handles it, and the team's notes. */
export const adminMessageTeamRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store }) => {
  route(app, endpoints.listAssignees, async () =>
    (await store.admins.list()).map(({ id, username }) => ({ id, username })),
  )

  route(app, endpoints.assignMessage, async (request) => {
    const { assigneeId } = request.body
    const assignee = assigneeId === null ? null : await store.admins.findById(assigneeId)
    if (assigneeId !== null && !assignee)
      throw new HttpError(400, "unknown_assignee", "No such account.")
    if ((await store.messages.assign(request.params.id, assignee, actorOf(request))) === 0)
      throw notFound()
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  route(app, endpoints.listNotes, async (request) => {
    if (!(await store.messages.get(request.params.id))) throw notFound()
    return store.notes.list(request.params.id)
  })

  route(app, endpoints.addNote, { preValidation: trimBody }, async (request, reply) => {
    const note = await store.notes.add(
      request.params.id,
      actorOf(request),
      request.adminSession!.role,
      request.body.text,
    )
    if (!note) throw notFound()
    return reply.code(201).send(note)
  })
}

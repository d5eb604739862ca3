import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
import { actorOf } from "../../auth/roles"
import { HttpError } from "../../http-error"
import { IdParams } from "../../schemas/admin"
import { AssigneeBody, type AssigneePayload, NoteBody, type NotePayload } from "../../schemas/team"
import { trimBody } from "../trim-body"

const notFound = () => new HttpError(404, "not_found", "No such message.")

/** The shared inbox's work on one message: who handles it, and the team's notes. */
export async function adminMessageTeamRoutes(app: FastifyInstance, { store }: Deps) {
  app.get("/api/admin/assignees", async () => (await store.admins.list()).map(({ id, username }) => ({ id, username })))

  app.put<{ Params: { id: string }; Body: AssigneePayload }>(
    "/api/admin/messages/:id/assignee",
    { schema: { params: IdParams, body: AssigneeBody } },
    async (request) => {
      const { assigneeId } = request.body
      const assignee = assigneeId === null ? null : await store.admins.findById(assigneeId)
      if (assigneeId !== null && !assignee) throw new HttpError(400, "unknown_assignee", "No such account.")
      if ((await store.messages.assign(request.params.id, assignee, actorOf(request))) === 0) throw notFound()
      return store.messages.get(request.params.id)
    },
  )

  app.get<{ Params: { id: string } }>("/api/admin/messages/:id/notes", { schema: { params: IdParams } }, async (request) => {
    if (!(await store.messages.get(request.params.id))) throw notFound()
    return store.notes.list(request.params.id)
  })

  app.post<{ Params: { id: string }; Body: NotePayload }>(
    "/api/admin/messages/:id/notes",
    { schema: { params: IdParams, body: NoteBody }, preValidation: trimBody },
    async (request, reply) => {
      const note = await store.notes.add(request.params.id, actorOf(request), request.body.text)
      if (!note) throw notFound()
      return reply.code(201).send(note)
    },
  )
}

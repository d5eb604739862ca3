import { Type } from "@sinclair/typebox"
import {
  BulkAnswer,
  BulkBody,
  Download,
  IdParams,
  MessageExportQuery,
  MessageListQuery,
  PageOf,
  StatusBody,
} from "../admin"
import { NoBody } from "../errors"
import { Message } from "../message"
import { AssigneeBody, Assignees, Note, NoteBody } from "../team"
import { endpoint } from "./define"

/** The shared inbox: messages, their status, who handles them and the team's notes. */
export const adminMessagesEndpoints = {
  listMessages: endpoint({
    method: "GET",
    path: "/api/admin/messages",
    summary: "One page of messages, newest first, filtered",
    access: "member",
    query: MessageListQuery,
    answers: { 200: PageOf(Message) },
  }),
  exportMessages: endpoint({
    method: "GET",
    path: "/api/admin/messages/export.csv",
    summary: "The filtered messages as a CSV download",
    access: "member",
    query: MessageExportQuery,
    answers: { 200: Download },
  }),
  getMessage: endpoint({
    method: "GET",
    path: "/api/admin/messages/:id",
    summary: "One message (reading it does not change its status)",
    access: "member",
    params: IdParams,
    answers: { 200: Message },
  }),
  setMessageStatus: endpoint({
    method: "PATCH",
    path: "/api/admin/messages/:id",
    summary: "Set a message's status",
    access: "member",
    params: IdParams,
    body: StatusBody,
    answers: { 200: Message },
  }),
  deleteMessage: endpoint({
    method: "DELETE",
    path: "/api/admin/messages/:id",
    summary: "Delete a message",
    access: "owner",
    params: IdParams,
    answers: { 204: NoBody },
  }),
  bulkMessages: endpoint({
    method: "POST",
    path: "/api/admin/messages/bulk",
    summary: "Set the status of, or delete (owners only), up to 500 messages",
    access: "member",
    body: BulkBody,
    answers: { 200: BulkAnswer },
  }),
  listAssignees: endpoint({
    method: "GET",
    path: "/api/admin/assignees",
    summary: "The accounts a message may be given to",
    access: "member",
    answers: { 200: Assignees },
  }),
  assignMessage: endpoint({
    method: "PUT",
    path: "/api/admin/messages/:id/assignee",
    summary: "Give a message to an account, or to nobody",
    access: "member",
    params: IdParams,
    body: AssigneeBody,
    answers: { 200: Message },
  }),
  listNotes: endpoint({
    method: "GET",
    path: "/api/admin/messages/:id/notes",
    summary: "The team's notes on a message, oldest first",
    access: "member",
    params: IdParams,
    answers: { 200: Type.Array(Note) },
  }),
  addNote: endpoint({
    method: "POST",
    path: "/api/admin/messages/:id/notes",
    summary: "Add a team note to a message",
    access: "member",
    params: IdParams,
    body: NoteBody,
    answers: { 201: Note },
  }),
}

import { UserCheck } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { Field, Textarea } from "../../components/ui/field"
import { Panel } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { call, endpoints, type Message, UnauthorizedError } from "../client/admin-client"
import { useAccount } from "../hooks/shared-values"
import { useLoad } from "../hooks/use-load"
import { Flash, formatDateTime, select } from "../ui/admin-ui"

/** Who handles the message, and the team's internal notes on it (the visitor never sees them). */
export function MessageTeamPanel({
  message,
  onChange,
}: {
  message: Message
  onChange: (message: Message) => void
}) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { data: account } = useAccount()
  const assignees = useLoad(() => call(endpoints.listAssignees), "assignees")
  const notes = useLoad(() => call(endpoints.listNotes, { params: { id: message.id } }), message.id)
  const [draft, setDraft] = useState("")
  const [saving, setSaving] = useState(false)
  const [flash, setFlash] = useState<{ tone: "success" | "error"; text: string } | null>(null)

  const me = assignees.data?.find((a) => a.username === account?.username)

  async function assign(assigneeId: string | null) {
    try {
      const updated = await call(endpoints.assignMessage, {
        params: { id: message.id },
        body: { assigneeId },
      })
      onChange(updated)
      setFlash({
        tone: "success",
        text: updated.assignee
          ? t("team.assigned", { username: updated.assignee.username })
          : t("team.unassigned"),
      })
    } catch (error) {
      if (!(error instanceof UnauthorizedError))
        setFlash({ tone: "error", text: t("common.actionError") })
    }
  }

  async function submitNote(event: React.FormEvent) {
    event.preventDefault()
    if (!draft.trim()) return
    setSaving(true)
    try {
      const note = await call(endpoints.addNote, {
        params: { id: message.id },
        body: { text: draft.trim() },
      })
      notes.setData([...(notes.data ?? []), note])
      setDraft("")
      setFlash({ tone: "success", text: t("team.noteAdded") })
    } catch (error) {
      if (!(error instanceof UnauthorizedError))
        setFlash({ tone: "error", text: t("common.actionError") })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Panel id="message-team" heading="label" title={t("team.handling")} className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <Field id="message-assignee" label={t("team.assignee")} className="min-w-48 flex-1">
          <select
            id="message-assignee"
            className={select.field}
            value={message.assignee?.id ?? ""}
            disabled={!assignees.data}
            onChange={(e) => void assign(e.target.value || null)}
          >
            <option value="">{t("team.nobody")}</option>
            {assignees.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.username}
              </option>
            ))}
          </select>
        </Field>
        {me && message.assignee?.id !== me.id && (
          <Button variant="outline" onClick={() => void assign(me.id)}>
            <UserCheck aria-hidden="true" />
            {t("team.assignToMe")}
          </Button>
        )}
      </div>
      {flash && <Flash tone={flash.tone}>{flash.text}</Flash>}
      <div>
        <h3 className="mb-2 font-semibold">{t("team.notes")}</h3>
        {notes.data && notes.data.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("team.noNotes")}</p>
        )}
        {notes.data && notes.data.length > 0 && (
          <ol className="space-y-3" aria-label={t("team.notes")}>
            {notes.data.map((note) => (
              <li
                key={note.id}
                data-testid="note"
                className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
              >
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  <span className="font-semibold">{note.author}</span> ·{" "}
                  <time dateTime={note.createdAt}>
                    {formatDateTime(note.createdAt, language, "short")}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{note.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <form onSubmit={submitNote} className="space-y-2">
        <Field id="message-note" label={t("team.addNote")} hint={t("team.noteHint")}>
          <Textarea
            id="message-note"
            rows={3}
            maxLength={5000}
            required
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={saving}>
          {t("team.saveNote")}
        </Button>
      </form>
    </Panel>
  )
}

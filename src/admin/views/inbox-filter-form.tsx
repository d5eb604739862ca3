import { Search, X } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Field, Input } from "../../components/ui/field"
import { MESSAGE_STATUSES } from "../client/admin-client"
import { select } from "../ui/admin-ui"
import { ASSIGNEE_FILTERS, inboxSearch, type InboxFilter } from "./inbox-filters"

/** Search text and dates apply on submit; the status applies as soon as it changes. */
export function InboxFilterForm({
  filter,
  onApply,
}: {
  filter: InboxFilter
  onApply: (filter: InboxFilter) => void
}) {
  const { t } = useTranslation("admin")
  const [draft, setDraft] = useState(filter)
  // A filter applied from elsewhere (the address, back, reset) replaces the draft; the form
  // stays mounted rather than being rebuilt on every new address.
  const applied = inboxSearch(filter)
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setDraft(filter)
  }
  const set =
    (key: keyof InboxFilter) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value }))
  const filtered = Boolean(filter.q || filter.status || filter.from || filter.to || filter.assignee)
  const applyAtOnce =
    (key: "status" | "assignee") => (event: React.ChangeEvent<HTMLSelectElement>) => {
      const next = { ...draft, [key]: event.target.value }
      setDraft(next)
      onApply(next)
    }

  return (
    <form
      role="search"
      aria-label={t("inbox.filters")}
      onSubmit={(event) => {
        event.preventDefault()
        onApply(draft)
      }}
      className={cn(
        "grid grid-cols-2 gap-3 lg:items-end",
        "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]",
      )}
    >
      <Field id="inbox-q" label={t("inbox.search")} className="col-span-2 lg:col-span-1">
        <Input
          id="inbox-q"
          type="search"
          value={draft.q}
          placeholder={t("inbox.searchPlaceholder")}
          onChange={set("q")}
        />
      </Field>
      <Field id="inbox-status" label={t("inbox.status")}>
        <select
          id="inbox-status"
          className={select.field}
          value={draft.status}
          onChange={applyAtOnce("status")}
        >
          <option value="">{t("status.all")}</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="inbox-assignee" label={t("inbox.assignee")}>
        <select
          id="inbox-assignee"
          className={select.field}
          value={draft.assignee}
          onChange={applyAtOnce("assignee")}
        >
          <option value="">{t("inbox.assigneeAll")}</option>
          {ASSIGNEE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`inbox.assignee_${value}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="inbox-from" label={t("inbox.from")}>
        <Input
          id="inbox-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={set("from")}
        />
      </Field>
      <Field id="inbox-to" label={t("inbox.to")}>
        <Input
          id="inbox-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={set("to")}
        />
      </Field>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          <Search aria-hidden="true" />
          {t("inbox.apply")}
        </Button>
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => onApply({ q: "", status: "", from: "", to: "", assignee: "", page: 1 })}
          >
            <X aria-hidden="true" />
            {t("inbox.reset")}
          </Button>
        )}
      </div>
    </form>
  )
}

import { fireEvent, render, screen } from "@testing-library/react"
import React from "react"
import { I18nextProvider } from "react-i18next"
import frAdmin from "../../../content/locales/fr/admin.json"
import frCommon from "../../../content/locales/fr/common.json"
import { createI18n } from "../../i18n/page-i18n"
import { InboxFilterForm } from "./inbox-filter-form"
import { readInboxFilter } from "./inbox-filters"

const nodes = Object.entries({ admin: frAdmin, common: frCommon }).map(([ns, data]) => ({
  language: "fr",
  ns,
  data: JSON.stringify(data),
}))
const i18n = createI18n(nodes, "fr")

// The form stays mounted across addresses (no remount per search): what it shows must still
// follow the address when the filter changes from outside, and keep a draft when it does not.
function renderForm(search: string, onApply = jest.fn()) {
  const view = (next: string) => (
    <I18nextProvider i18n={i18n}>
      <InboxFilterForm filter={readInboxFilter(next)} onApply={onApply} />
    </I18nextProvider>
  )
  const { rerender } = render(view(search))
  return { onApply, rerender: (next: string) => rerender(view(next)) }
}

const searchBox = () => screen.getByRole<HTMLInputElement>("searchbox")
const statusSelect = () =>
  screen.getByRole<HTMLSelectElement>("combobox", { name: frAdmin.inbox.status })

test("a draft typed in the search box survives a re-render for the same address", () => {
  const { rerender } = renderForm("?q=alpha")
  expect(searchBox().value).toBe("alpha")
  fireEvent.change(searchBox(), { target: { value: "beta" } })
  rerender("?q=alpha")
  expect(searchBox().value).toBe("beta")
})

test("a filter applied from elsewhere (back, reset, a link) replaces what the form shows", () => {
  const { rerender } = renderForm("?q=alpha")
  fireEvent.change(searchBox(), { target: { value: "beta" } })
  rerender("?q=gamma&status=spam")
  expect(searchBox().value).toBe("gamma")
  expect(statusSelect().value).toBe("spam")
  rerender("")
  expect(searchBox().value).toBe("")
  expect(statusSelect().value).toBe("")
})

test("submitting applies the draft; a status applies at once with the draft's text", () => {
  const { onApply } = renderForm("?status=read")
  fireEvent.change(searchBox(), { target: { value: "delta" } })
  fireEvent.submit(screen.getByRole("search"))
  expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ q: "delta", status: "read" }))
  fireEvent.change(statusSelect(), { target: { value: "spam" } })
  expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ q: "delta", status: "spam" }))
})

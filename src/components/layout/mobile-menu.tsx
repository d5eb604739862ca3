import React, { memo, useCallback, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Icon } from "../ui/icon"
import { LanguageSwitch } from "./language-switch"
import { isGroup, navigation, type NavGroup } from "./navigation"
import { ThemeSwitch } from "./theme-switch"
import { trapTab } from "./trap-tab"

const item =
  "block rounded-lg px-3 py-3 text-base font-medium text-slate-900 " +
  "hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"

/**
 * The small-screen menu: a full-screen <dialog> that slides in, opened with `show()`, not
 * `showModal()`. A modal dialog makes the rest of the page inert, which restyles every element
 * of it: on a phone with the CPU slowed four times that was most of the tap (59 ms median to
 * open, 38-96 ms to close, against 23 and 1-10 ms; commit 55dc601). What the modal gave,
 * the menu does itself: it covers the screen, Tab cycles inside it (trap-tab.ts), Escape
 * closes it and focus goes back to the button, and `aria-modal` tells assistive technology
 * that the page behind is out of reach. At most one group is open at a time.
 */
export function MobileMenu() {
  const { t } = useTranslation("common")
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)

  // The dialog opens in the tap's own task (no render of its contents first): the panel below
  // is memoised, so the tap re-renders only this button's aria-expanded.
  // The browser moves the focus as for a modal dialog: show() to the first control, close()
  // back to the button.
  const show = () => {
    if (!dialog.current?.open) dialog.current?.show()
    setOpen(true)
  }
  const close = useCallback(() => {
    if (dialog.current?.open) dialog.current.close()
    setOpen(false)
  }, [])
  // While it is open, Escape and Tab are the menu's wherever the focus is (a tap on the panel
  // outside its controls leaves the focus on the page's body).
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault()
        close()
      } else trapTab(event, dialog.current)
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [open, close])

  return (
    <div className="lg:hidden">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <Icon name="menu" />
      </Button>
      <dialog
        ref={dialog}
        aria-label={t("nav.menu")}
        aria-modal="true"
        onClose={close}
        className={
          "mobile-menu fixed inset-0 z-50 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto " +
          "overscroll-contain bg-white p-0 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        }
      >
        <MenuPanel onClose={close} />
      </dialog>
    </div>
  )
}

/** The menu's contents: rendered once with the page, not again when the menu opens. */
const MenuPanel = memo(function MenuPanel({ onClose: close }: { onClose: () => void }) {
  const { t } = useTranslation("common")
  const [openGroup, setOpenGroup] = useState<NavGroup["id"] | null>(null)
  const toggleGroup = (group: NavGroup["id"]) =>
    setOpenGroup((current) => (current === group ? null : group))

  return (
    <>
      <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
        <span className="text-lg font-bold">{t("nav.menu")}</span>
        <Button variant="ghost" size="icon" aria-label={t("nav.closeMenu")} onClick={close}>
          <Icon name="x" />
        </Button>
      </div>
      <nav aria-label={t("nav.main")} className="space-y-1 overflow-y-auto px-4 py-4">
        {navigation.map((entry) =>
          !isGroup(entry) ? (
            <Link key={entry.to} to={entry.to} className={item} onClick={close}>
              {t(entry.label)}
            </Link>
          ) : (
            <div key={entry.id} data-group={entry.id}>
              <button
                type="button"
                aria-expanded={openGroup === entry.id}
                aria-controls={`mobile-group-${entry.id}`}
                onClick={() => toggleGroup(entry.id)}
                className={`${item} flex w-full items-center justify-between text-left`}
              >
                {t(entry.label)}
                <Icon
                  name="chevron-down"
                  className={`size-5 transition-transform ${openGroup === entry.id ? "rotate-180" : ""}`}
                />
              </button>
              <ul
                id={`mobile-group-${entry.id}`}
                hidden={openGroup !== entry.id}
                className="ml-3 border-l border-slate-200 pl-3 dark:border-slate-700"
              >
                {entry.items.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={item} onClick={close}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ),
        )}
      </nav>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 px-4 py-4 dark:border-slate-800">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </>
  )
})

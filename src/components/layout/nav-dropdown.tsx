import React, { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "../../i18n/link"
import { Icon } from "../ui/icon"
import type { NavLink } from "./navigation"

type Props = { label: string; items: NavLink[] }

/** A desktop menu group: opens on click or Enter, closes on Escape, outside click or leaving focus. */
export function NavDropdown({ label, items }: Props) {
  const { t } = useTranslation("common")
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener("pointerdown", onPointer)
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("pointerdown", onPointer)
      document.removeEventListener("keydown", onKey)
    }
  }, [open])

  const onBlur = (event: React.FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
  }

  return (
    <div ref={root} className="relative" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={
          "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium " +
          "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
        }
      >
        {label}
        <Icon
          name="chevron-down"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className={
          "absolute left-0 top-full z-50 mt-1 min-w-64 rounded-xl border border-slate-200 " +
          "bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        }
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className={
                "block rounded-md px-3 py-2 text-sm text-slate-800 " +
                "hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
              }
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

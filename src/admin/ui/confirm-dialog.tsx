import React, { useEffect, useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"

type Props = {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  destructive?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A modal confirmation on the native <dialog>: focus is trapped and Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation("admin")
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal?.()
    if (!open && element.open) element.close?.()
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className={cn(
        "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6",
        "text-slate-900 shadow-xl backdrop:bg-slate-950/50",
        "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
      )}
    >
      {open && (
        <>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={`${id}-text`} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {text}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {/* A destructive dialog opens on its safe choice (WAI-ARIA APG). */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <Button variant="outline" onClick={onCancel} autoFocus>
              {t("common.cancel")}
            </Button>
            <Button variant={destructive ? "destructive" : "default"} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  )
}

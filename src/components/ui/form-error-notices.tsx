import React from "react"
import { useTranslation } from "react-i18next"

/** The errors a form posted without JavaScript can come back with (server/routes/form-page.ts). */
export const formErrors = ["invalid", "tooMany", "unavailable"] as const

/**
 * Prerendered and hidden: when a form posted without JavaScript fails, the server answers
 * with the page as built, this notice's `hidden` removed and the fields filled back in.
 * With JavaScript the form shows its own notices and these stay hidden.
 */
export function FormErrorNotices() {
  const { t } = useTranslation("common")
  return (
    <>
      {formErrors.map((error) => (
        <p
          key={error}
          role="alert"
          hidden
          data-form-error={error}
          className={
            "rounded-md border border-red-300 bg-red-50 p-3 text-sm " +
            "text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          }
        >
          {t(`formErrors.${error}`)}
        </p>
      ))}
    </>
  )
}

import React from "react"
import { variantTable } from "./variant-table"

const noticeVariants = variantTable(
  "rounded-lg border p-4 text-sm",
  {
    tone: {
      success:
        "border-green-700/40 bg-green-50 text-green-900 dark:border-green-400/40 dark:bg-green-950 dark:text-green-100",
      error:
        "border-red-700/40 bg-red-50 text-red-900 dark:border-red-400/40 dark:bg-red-950 dark:text-red-100",
    },
  },
  {},
)

type Props = { tone: "success" | "error"; title: string; children: React.ReactNode }

/** A titled notice, announced to screen readers when it appears. */
export function Notice({ tone, title, children }: Props) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      className={noticeVariants({ tone })}
    >
      <p className="font-semibold">{title}</p>
      <p>{children}</p>
    </div>
  )
}

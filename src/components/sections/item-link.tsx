import React from "react"
import type { Action } from "../../../content-kit/schema/page"
import { Link } from "../../i18n/link"
import { cn } from "../ui/cn"
import { Icon } from "../ui/icon"

/** The "read more" link under a card's or a feature's text. */
export function ItemLink({ link, className }: { link: Action; className?: string }) {
  return (
    <Link
      to={link.to}
      className={cn(
        "inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-300",
        className,
      )}
    >
      {link.label}
      <Icon name="arrow-right" className="size-4" />
    </Link>
  )
}

import type { LucideIcon } from "lucide-react"
import React from "react"

type Props = { icon: LucideIcon; label: string; children: React.ReactNode }

/** One labelled line of the contact-info block (address, hours, email), its icon inside the <dt>. */
export function ContactInfoItem({ icon: IconComponent, label, children }: Props) {
  return (
    <div className="relative pl-8">
      <dt className="font-semibold">
        <IconComponent aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-brand-700 dark:text-brand-300" />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  )
}

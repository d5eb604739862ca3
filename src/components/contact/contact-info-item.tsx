import React from "react"
import { Icon, type IconName } from "../ui/icon"

type Props = { icon: IconName; label: string; children: React.ReactNode }

/** One labelled line of the contact-info block (address, hours, email), its icon inside the <dt>. */
export function ContactInfoItem({ icon, label, children }: Props) {
  return (
    <div className="relative pl-8">
      <dt className="font-semibold">
        <Icon
          name={icon}
          className="absolute top-0.5 left-0 size-5 text-brand-700 dark:text-brand-300"
        />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  )
}

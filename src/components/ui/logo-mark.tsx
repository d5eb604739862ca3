import React from "react"

/** The brand's mark (bars on a rounded square), decorative: the brand's name stands beside it. */
export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M8 22V14M13 22V10M18 22v-6M23 22V8"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  )
}

import React from "react"

/** The hidden field people leave empty and scripts fill in (the lead forms' spam check). */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="Website" tabIndex={-1} autoComplete="off" />
    </div>
  )
}

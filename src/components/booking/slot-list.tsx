import React from "react"
import type { VisitorDay } from "../../../content-kit/booking-display"

type Props = {
  days: VisitorDay[]
  selected: string
  onSelect: (start: string) => void
}

const pill =
  "block cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-center text-sm " +
  "font-medium tabular-nums hover:border-brand-600 dark:border-slate-600 " +
  "peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white " +
  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2"

/**
 * The free times, one radio group per day of the visitor's calendar: arrow keys move within a
 * day, Tab goes to the next day, and a screen reader announces the day with each time. The
 * radios are named `start` with the instant as value, as the form posts it.
 */
export function SlotList({ days, selected, onSelect }: Props) {
  return (
    <div className="space-y-5" data-testid="slot-list">
      {days.map((day) => (
        <fieldset key={day.date}>
          <legend className="mb-2 font-semibold first-letter:uppercase">{day.label}</legend>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {day.times.map(({ start, time }) => {
              const value = new Date(start).toISOString()
              const id = `slot-${start}`
              return (
                <li key={start}>
                  <input
                    id={id}
                    type="radio"
                    name="start"
                    value={value}
                    required
                    checked={selected === value}
                    onChange={() => onSelect(value)}
                    className="peer sr-only"
                  />
                  <label htmlFor={id} className={pill}>
                    {time}
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  )
}

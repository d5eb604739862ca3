import React, { useEffect, useState } from "react"
import { zoneLabel } from "../../../content-kit/booking-display"
import { routes } from "../../../content-kit/routes"
import type { BookingPageContent } from "../../../content-kit/schema/page"
import type { MeetingTypeKey } from "../../../contract/booking"
import { useLanguage } from "../../i18n/language-context"
import { localizePath } from "../../i18n/languages"
import { Button } from "../ui/button"
import { BookingForm } from "./booking-form"
import { ServerView, useHydrated } from "./server-view"
import { allZones, FIRST_ZONES, isZone, TEAM_ZONE, visitorZone } from "./zones"

// contract/booking.ts's MEETING_TYPE_KEYS, as a type check only: importing the module itself
// would bring TypeBox into the page's bundle (13 KB gzip, seen with npm run budget).
const MEETING_TYPE_KEYS = ["demo", "consultation"] as const satisfies readonly MeetingTypeKey[]

const isType = (value: string | null): value is MeetingTypeKey =>
  (MEETING_TYPE_KEYS as readonly (string | null)[]).includes(value)

/**
 * The booking page's body: the meeting type and the visitor's zone, in a GET form that
 * without JavaScript asks the server for the times (docs/BOOKING.md); with it, the times load
 * live as the choice changes. The first render is the same everywhere (the team's zone, the
 * short zone list) so that hydration matches; the visitor's zone is taken after it.
 */
export function BookingPlanner({ copy }: { copy: BookingPageContent }) {
  const { language } = useLanguage()
  const hydrated = useHydrated()
  const [type, setType] = useState<MeetingTypeKey>("demo")
  const [zone, setZone] = useState<string>(TEAM_ZONE)
  const [zones, setZones] = useState<readonly string[]>(FIRST_ZONES)
  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const askedType = query.get("type")
    const askedZone = query.get("zone")
    if (isType(askedType)) setType(askedType)
    setZone(askedZone && isZone(askedZone) ? askedZone : visitorZone())
    setZones(allZones())
  }, [])
  const shown = zones.includes(zone) ? zones : [zone, ...zones]

  return (
    <div className="space-y-8">
      <form
        method="get"
        action={localizePath(routes.booking.path, language)}
        className="space-y-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <fieldset>
          <legend className="mb-3 text-2xl font-bold">{copy.types.legend}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {MEETING_TYPE_KEYS.map((key) => (
              <label
                key={key}
                htmlFor={`booking-type-${key}`}
                className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 dark:border-slate-600"
              >
                <input
                  id={`booking-type-${key}`}
                  type="radio"
                  name="type"
                  value={key}
                  checked={type === key}
                  onChange={() => setType(key)}
                  className="mt-1"
                />
                <span className="font-semibold">{copy.types[key].name}</span>
                <span className="col-start-2 text-sm text-slate-600 dark:text-slate-400">
                  {copy.types[key].description}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="booking-zone" className="mb-1 block text-sm font-medium">
              {copy.zone.label}
            </label>
            <select
              id="booking-zone"
              name="zone"
              value={zone}
              onChange={(event) => setZone(event.target.value)}
              className="block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900"
            >
              {shown.map((name) => (
                <option key={name} value={name}>
                  {name.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </div>
          <p className="pb-2 text-sm text-slate-600 dark:text-slate-400">
            {copy.zone.team}: {hydrated ? zoneLabel(TEAM_ZONE, Date.now()) : TEAM_ZONE}
          </p>
          {!hydrated && <Button type="submit">{copy.zone.show}</Button>}
        </div>
      </form>
      {hydrated ? <BookingForm copy={copy} type={type} zone={zone} /> : <ServerView />}
    </div>
  )
}

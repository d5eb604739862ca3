import React from "react"
import { useTranslation } from "react-i18next"
import { call, endpoints } from "../client/admin-client"
import { useAccount } from "../hooks/shared-values"
import { useLoad } from "../hooks/use-load"
import { AvailabilityPanel } from "../panels/meetings/availability-panel"
import { CalendarFeedPanel } from "../panels/meetings/calendar-feed-panel"
import { ClosuresPanel } from "../panels/meetings/closures-panel"
import { MeetingTypesPanel } from "../panels/meetings/meeting-types-panel"
import { UpcomingMeetings } from "../panels/meetings/upcoming-meetings"
import { Loaded, PageTitle } from "../ui/admin-ui"

/**
 * Meetings booked on the site: everyone sees them by day, marks the started ones, keeps their
 * own hours and calendar feed; owners also everyone's hours, the closures and the types.
 */
export function MeetingsView() {
  const { t } = useTranslation("admin")
  const { data: account } = useAccount()
  const settings = useLoad(() => call(endpoints.getBookingSettings), "booking-settings")
  const owner = account?.role === "owner"

  return (
    <>
      <PageTitle>{t("shell.meetings")}</PageTitle>
      <Loaded load={{ ...settings, data: account && settings.data }}>
        {(loaded) => {
          const me = loaded.members.find((member) => member.username === account?.username)
          const zone = me?.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
          const mine = loaded.members.filter((member) => owner || member === me)
          return (
            <div className="space-y-6">
              <UpcomingMeetings zone={zone} />
              <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                {mine.length > 0 && (
                  <AvailabilityPanel
                    members={mine}
                    initialId={me?.memberId}
                    chooseMember={owner}
                    onSaved={settings.setData}
                  />
                )}
                <div className="space-y-6">
                  <CalendarFeedPanel />
                  {owner && <ClosuresPanel closures={loaded.closures} onSaved={settings.setData} />}
                </div>
              </div>
              {owner && (
                <MeetingTypesPanel
                  types={loaded.types}
                  onSaved={(type) =>
                    settings.setData({
                      ...loaded,
                      types: loaded.types.map((other) => (other.key === type.key ? type : other)),
                    })
                  }
                />
              )}
            </div>
          )
        }}
      </Loaded>
    </>
  )
}

import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../components/ui/button"
import { Field, Input } from "../../../components/ui/field"
import { Panel } from "../../../components/ui/panel"
import { call, endpoints } from "../../client/admin-client"
import { ActionOutcome, useAction } from "../../hooks/use-action"

/**
 * The member's secret calendar URL. The server keeps only its hash, so it is shown once, right
 * after it is made; a new one or a revocation stops the old one.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation("admin")
  const [url, setUrl] = useState<string | null>(null)
  const { busy, outcome, run } = useAction<"renew" | "revoke">()

  return (
    <Panel id="calendar-feed" title={t("meetings.feed.title")} lead={t("meetings.feed.lead")}>
      <ActionOutcome outcome={outcome} className="mb-4" />
      {url && (
        <Field id="feed-url" label={t("meetings.feed.url")} hint={t("meetings.feed.once")}>
          <Input
            id="feed-url"
            readOnly
            value={url}
            data-testid="feed-url"
            onFocus={(event) => event.target.select()}
          />
        </Field>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          disabled={busy !== null}
          onClick={() =>
            void run("renew", async () => {
              setUrl((await call(endpoints.renewMyFeed)).url)
            })
          }
        >
          {t("meetings.feed.renew")}
        </Button>
        <Button
          variant="outline"
          disabled={busy !== null}
          onClick={() =>
            void run("revoke", async () => {
              await call(endpoints.revokeMyFeed)
              setUrl(null)
              return t("meetings.feed.revoked")
            })
          }
        >
          {t("meetings.feed.revoke")}
        </Button>
      </div>
    </Panel>
  )
}

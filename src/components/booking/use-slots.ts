import { useCallback, useEffect, useState } from "react"
import type { MeetingTypeKey, SlotsPayload } from "../../../contract/booking"
import { fetchSlots } from "../../api-client/booking"

export type SlotsState =
  { status: "loading" } | { status: "failed" } | { status: "ready"; answer: SlotsPayload }

/** The free starts of a meeting type, loaded again when the type changes or on `reload`. */
export function useSlots(type: MeetingTypeKey) {
  const [state, setState] = useState<SlotsState>({ status: "loading" })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let current = true
    setState({ status: "loading" })
    void fetchSlots(type).then((answer) => {
      if (current) setState(answer ? { status: "ready", answer } : { status: "failed" })
    })
    return () => {
      current = false
    }
  }, [type, round])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  return { state, reload }
}

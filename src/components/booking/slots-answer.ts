/** A fetch answer of GET /api/booking/slots holding these starts, for the booking views' tests. */
export const slotsAnswer = (slots: string[]) => ({
  ok: true,
  status: 200,
  json: async () => ({
    type: "demo",
    teamZone: "Europe/Paris",
    slots: slots.map((start) => ({ start, end: start })),
  }),
})

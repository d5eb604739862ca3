// The days and times of the booking page, shared with the site (content-kit/booking-display.ts).
export {
  displayDays,
  zoneLabel,
  type VisitorDay,
  type VisitorTime,
} from "../../content-kit/booking-display"

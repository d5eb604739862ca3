// The zones offered first: the team's, then the Middle East and North Africa, where many of
// the visitors are, then the rest of the world's main ones. After hydration the select also
// lists every zone the browser knows (Intl.supportedValuesOf).
export const TEAM_ZONE = "Europe/Paris"

export const FIRST_ZONES = [
  "Europe/Paris",
  "Asia/Dubai",
  "Asia/Riyadh",
  "Asia/Qatar",
  "Asia/Kuwait",
  "Asia/Bahrain",
  "Asia/Muscat",
  "Africa/Casablanca",
  "Africa/Algiers",
  "Africa/Tunis",
  "Africa/Cairo",
  "Asia/Amman",
  "Asia/Beirut",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Istanbul",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const

/** The browser's own zone, or the team's when it cannot say. */
export function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || TEAM_ZONE
  } catch {
    return TEAM_ZONE
  }
}

export function allZones(): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf
  const rest = known ? known("timeZone") : []
  return [
    ...FIRST_ZONES,
    ...rest.filter((zone) => !(FIRST_ZONES as readonly string[]).includes(zone)),
  ]
}

export const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

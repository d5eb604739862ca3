// Read by the server (cookie lifetime, password rules) and by the admin client (its local
// record of the session and the password form's own check).

/** An admin session lasts this long from sign-in; it is not extended by activity. */
export const SESSION_TTL_MS = 24 * 3_600_000

export const MIN_PASSWORD_LENGTH = 12

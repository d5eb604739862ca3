/** An owner manages the admin accounts; a member reads and handles messages and subscribers. */
export const ROLES = ["owner", "member"] as const
export type Role = (typeof ROLES)[number]

/**
 * The reference a message is known by outside the admin: the first 8 hex digits of its id, in
 * capitals. The acknowledgement and the team's notification give it; the inbox's search finds
 * a message by it (messages.ts).
 */
export const messageReference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase()

/** True for text shaped like a reference (any case): the search then also looks at ids. */
export const isReference = (text: string) => /^[0-9a-f]{8}$/i.test(text)

// Every duration and motion variant of the site, in one place (SPEC 9).
import { REVEAL_OFFSET_PX } from "./reveal-style"

export const REVEAL_DURATION_S = 0.8
export const PAGE_TRANSITION_S = 0.1

export const revealVariants = {
  hidden: { opacity: 0, y: REVEAL_OFFSET_PX },
  shown: { opacity: 1, y: 0, transition: { duration: REVEAL_DURATION_S, ease: "easeOut" } },
} as const

export const pageVariants = {
  hidden: { opacity: 0, y: 8 },
  shown: { opacity: 1, y: 0, transition: { duration: PAGE_TRANSITION_S, ease: "easeOut" } },
} as const

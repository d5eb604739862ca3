// The hidden state of a block before its reveal, apart from the variants (motion.ts): the page's
// first-load code sets it (reveal-below-fold.ts), and must not carry the animation's variants.

/** How far below its place a block waits, hidden, before it is revealed. */
export const REVEAL_OFFSET_PX = 24

/** The hidden state as inline style, set before the animation code is here. */
export const REVEAL_HIDDEN_STYLE = { opacity: "0", transform: `translateY(${REVEAL_OFFSET_PX}px)` }

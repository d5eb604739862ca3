import React from "react"
import type { IconName } from "../../../content-kit/icon-names"

export type { IconName }

// Set by the bundler (src/node/webpack-config.ts) to the sprite's content-hashed URL.
declare const __ICON_SPRITE_URL__: string

/**
 * A lucide icon drawn from the site's SVG sprite (src/node/icon-sprite.ts): the path data is
 * in one cached file, not in every page's JavaScript, and the icon shows without JavaScript.
 * The outer element carries lucide's stroke attributes, which the symbol's shapes inherit.
 * The names are not checked here, so the table of icons stays out of every page's JavaScript:
 * the content check refuses a name that is not in it, and a name the sprite lacks draws nothing.
 */
export function Icon({ name, className }: { name: IconName | string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${__ICON_SPRITE_URL__}#${name}`} />
    </svg>
  )
}

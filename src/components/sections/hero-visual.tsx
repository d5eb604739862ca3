import React from "react"

/** A decorative dashboard drawn in SVG: no request, no layout shift, hidden from screen readers. */
export function HeroVisual() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 480 360"
      className="hidden w-full max-w-lg drop-shadow-xl lg:block"
    >
      <rect
        x="0"
        y="0"
        width="480"
        height="360"
        rx="24"
        className="fill-white dark:fill-slate-900"
      />
      <rect
        x="24"
        y="24"
        width="140"
        height="12"
        rx="6"
        className="fill-slate-200 dark:fill-slate-700"
      />
      <rect
        x="24"
        y="44"
        width="90"
        height="8"
        rx="4"
        className="fill-slate-100 dark:fill-slate-800"
      />
      <circle cx="432" cy="38" r="14" className="fill-brand-100 dark:fill-brand-900" />
      <g className="fill-brand-600">
        <rect x="40" y="180" width="36" height="120" rx="6" />
        <rect x="96" y="140" width="36" height="160" rx="6" />
        <rect x="152" y="200" width="36" height="100" rx="6" />
        <rect x="208" y="110" width="36" height="190" rx="6" />
      </g>
      <g className="fill-accent-500">
        <rect x="60" y="230" width="16" height="70" rx="4" opacity="0.9" />
        <rect x="116" y="210" width="16" height="90" rx="4" opacity="0.9" />
        <rect x="172" y="240" width="16" height="60" rx="4" opacity="0.9" />
        <rect x="228" y="190" width="16" height="110" rx="4" opacity="0.9" />
      </g>
      <line
        x1="32"
        y1="304"
        x2="256"
        y2="304"
        strokeWidth="2"
        className="stroke-slate-200 dark:stroke-slate-700"
      />
      <circle
        cx="372"
        cy="150"
        r="64"
        fill="none"
        strokeWidth="18"
        className="stroke-slate-100 dark:stroke-slate-800"
      />
      <circle
        cx="372"
        cy="150"
        r="64"
        fill="none"
        strokeWidth="18"
        strokeDasharray="280 402"
        strokeLinecap="round"
        transform="rotate(-90 372 150)"
        className="stroke-brand-600"
      />
      <circle
        cx="372"
        cy="150"
        r="64"
        fill="none"
        strokeWidth="18"
        strokeDasharray="70 402"
        strokeDashoffset="-290"
        strokeLinecap="round"
        transform="rotate(-90 372 150)"
        className="stroke-accent-500"
      />
      <rect
        x="300"
        y="250"
        width="144"
        height="10"
        rx="5"
        className="fill-slate-100 dark:fill-slate-800"
      />
      <rect x="300" y="250" width="104" height="10" rx="5" className="fill-brand-600" />
      <rect
        x="300"
        y="274"
        width="144"
        height="10"
        rx="5"
        className="fill-slate-100 dark:fill-slate-800"
      />
      <rect x="300" y="274" width="60" height="10" rx="5" className="fill-accent-500" />
    </svg>
  )
}

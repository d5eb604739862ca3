import React from "react"
import { useTranslation } from "react-i18next"

// Brand glyphs drawn inline (icon libraries no longer ship brand marks). The links are
// placeholders (SPEC 2) until the company's profiles exist: "#" keeps them inert.
const networks = [
  {
    name: "LinkedIn",
    path:
      "M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-2 6h4v12H2zm7 0h3.8v1.7h.1c.5-1 1.8-2 " +
      "3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z",
  },
  { name: "X", path: "M3 3h5l4.2 5.9L17.5 3H21l-7.1 8.1L21.5 21h-5l-4.6-6.4L6.2 21H2.7l7.5-8.6z" },
  {
    name: "Facebook",
    path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
  },
  {
    name: "YouTube",
    path:
      "M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 " +
      "3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 " +
      "0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 " +
      "31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15.3V8.7l5.2 3.3z",
  },
]

export function SocialIcons() {
  const { t } = useTranslation("common")
  return (
    <ul aria-label={t("footer.social")} className="flex gap-2">
      {networks.map((network) => (
        <li key={network.name}>
          {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- inert until the company has
              accounts; the label says so */}
          <a
            href="#"
            aria-label={t("footer.socialPlaceholder", { network: network.name })}
            className={
              "inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 " +
              "hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            }
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
              <path d={network.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  )
}

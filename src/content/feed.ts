import { localizePath, type Language } from "../i18n/languages"

/** The blog's RSS feed of a language: /rss.xml (French), /en/rss.xml, /de/rss.xml. */
export const feedPath = (language: Language) => localizePath("/rss.xml", language)

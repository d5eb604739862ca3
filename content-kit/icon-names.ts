import type * as Lucide from "lucide-react"

type LucideName = keyof typeof Lucide

// The icons an editor may name in content/ ("icon": "sparkles"), each a lucide icon. The
// content check and the CMS read this table, so a typo fails the check instead of showing nothing.
export const contentIcons = {
  "layout-template": "LayoutTemplate",
  "git-branch": "GitBranch",
  languages: "Languages",
  "flask-conical": "FlaskConical",
  sparkles: "Sparkles",
  "bar-chart-3": "BarChart3",
  "file-output": "FileOutput",
  send: "Send",
  users: "Users",
  target: "Target",
  "list-checks": "ListChecks",
  "shield-check": "ShieldCheck",
  video: "Video",
  smartphone: "Smartphone",
  repeat: "Repeat",
  "line-chart": "LineChart",
  "clipboard-list": "ClipboardList",
  "messages-square": "MessagesSquare",
  briefcase: "Briefcase",
  "heart-handshake": "HeartHandshake",
  "building-2": "Building2",
  compass: "Compass",
  search: "Search",
  globe: "Globe",
} as const satisfies Record<string, LucideName>

// The icons the site's own components draw.
export const uiIcons = {
  check: "Check",
  "arrow-right": "ArrowRight",
  sun: "Sun",
  moon: "Moon",
  monitor: "Monitor",
  "chevron-down": "ChevronDown",
  menu: "Menu",
  x: "X",
  clock: "Clock",
  mail: "Mail",
  "map-pin": "MapPin",
} as const satisfies Record<string, LucideName>

export const siteIcons = { ...contentIcons, ...uiIcons }

export type IconName = keyof typeof siteIcons

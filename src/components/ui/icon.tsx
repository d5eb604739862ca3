import {
  BarChart3,
  Briefcase,
  Building2,
  ClipboardList,
  Compass,
  FileOutput,
  FlaskConical,
  GitBranch,
  Globe,
  HeartHandshake,
  Languages,
  LayoutTemplate,
  LineChart,
  ListChecks,
  MessagesSquare,
  Repeat,
  Search,
  Send,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Target,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react"
import React from "react"

// The icons an editor may name in content/ ("icon": "sparkles"); the content check reads
// this table, so a typo fails the check instead of showing nothing.
export const icons = {
  "layout-template": LayoutTemplate,
  "git-branch": GitBranch,
  languages: Languages,
  "flask-conical": FlaskConical,
  sparkles: Sparkles,
  "bar-chart-3": BarChart3,
  "file-output": FileOutput,
  send: Send,
  users: Users,
  target: Target,
  "list-checks": ListChecks,
  "shield-check": ShieldCheck,
  video: Video,
  smartphone: Smartphone,
  repeat: Repeat,
  "line-chart": LineChart,
  "clipboard-list": ClipboardList,
  "messages-square": MessagesSquare,
  briefcase: Briefcase,
  "heart-handshake": HeartHandshake,
  "building-2": Building2,
  compass: Compass,
  search: Search,
  globe: Globe,
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof icons

export function Icon({ name, className }: { name: string; className?: string }) {
  const Component: LucideIcon | undefined = icons[name as IconName]
  return Component ? <Component aria-hidden="true" className={className} /> : null
}

// Validates one namespace of page copy against the shapes of src/content/page-content.ts.
// Every function returns a list of readable errors, each prefixed with the JSON path.

export const icons = [
  "layout-template", "git-branch", "languages", "flask-conical", "sparkles", "bar-chart-3",
  "file-output", "send", "users", "target", "list-checks", "shield-check", "video", "smartphone",
  "repeat", "line-chart", "clipboard-list", "messages-square", "briefcase", "heart-handshake",
  "building-2", "compass", "search", "globe",
] as const

export const sectionKinds = ["cards", "features", "steps", "prose", "split", "team", "cta"] as const

/** How a link is judged: a known site path, or an anchor on this page or on the home page. */
export type LinkContext = {
  isKnown: (to: string) => boolean
  pageIds: string[]
  /** Undefined when the home page's copy cannot be read: its anchors are then not checked. */
  homeIds?: string[]
}

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

class Checker {
  errors: string[] = []
  constructor(private readonly links: LinkContext) {}

  fail(at: string, message: string) {
    this.errors.push(`${at}: ${message}`)
  }

  /** Checks the object's keys: required texts, optional texts, and no unknown key. */
  shape(value: unknown, at: string, required: string[], optional: string[] = []): value is Obj {
    if (!isObj(value)) return this.fail(at, "must be an object"), false
    for (const key of required) if (!(key in value)) this.fail(`${at}.${key}`, "is required")
    for (const key of Object.keys(value)) {
      if (![...required, ...optional].includes(key)) this.fail(`${at}.${key}`, "is not a known field")
    }
    return true
  }

  text(value: unknown, at: string, optional = false) {
    if (optional && value === undefined) return
    if (!isText(value)) this.fail(at, "must be a non-empty string")
  }

  texts(value: unknown, at: string) {
    if (!Array.isArray(value) || value.length === 0) return this.fail(at, "must be a non-empty list of strings")
    value.forEach((item, index) => this.text(item, `${at}.${index}`))
  }

  list(value: unknown, at: string, each: (item: unknown, at: string) => void) {
    if (!Array.isArray(value) || value.length === 0) return this.fail(at, "must be a non-empty list")
    value.forEach((item, index) => each(item, `${at}.${index}`))
  }

  link(to: unknown, at: string) {
    if (!isText(to)) return this.fail(at, "must be a non-empty string")
    if (/^(mailto:|tel:|https:\/\/)/.test(to)) return
    const anchor = /^(\/)?#(.+)$/.exec(to)
    if (anchor) {
      const ids = anchor[1] ? this.links.homeIds : this.links.pageIds
      if (ids && !ids.includes(anchor[2])) this.fail(at, `"${to}" points to no section id`)
      return
    }
    if (!this.links.isKnown(to)) this.fail(at, `"${to}" is not a known path of src/routes.ts`)
  }

  action(value: unknown, at: string, optional = false) {
    if (optional && value === undefined) return
    if (!this.shape(value, at, ["label", "to"])) return
    this.text(value.label, `${at}.label`)
    this.link(value.to, `${at}.to`)
  }

  meta(value: unknown, at: string) {
    if (!this.shape(value, at, ["title", "description"])) return
    this.text(value.title, `${at}.title`)
    this.text(value.description, `${at}.description`)
    if (isText(value.title) && value.title.length > 60) this.fail(`${at}.title`, `is ${value.title.length} characters (max 60)`)
    const length = isText(value.description) ? value.description.length : 0
    if (length && (length < 120 || length > 160)) this.fail(`${at}.description`, `is ${length} characters (120-160)`)
  }

  hero(value: unknown, at: string, withActions: boolean) {
    const optional = withActions ? ["eyebrow", "primary", "secondary"] : ["eyebrow"]
    if (!this.shape(value, at, ["title", "lead"], optional)) return
    this.text(value.eyebrow, `${at}.eyebrow`, true)
    this.text(value.title, `${at}.title`)
    this.text(value.lead, `${at}.lead`)
    this.action(value.primary, `${at}.primary`, true)
    this.action(value.secondary, `${at}.secondary`, true)
  }

  item = (value: unknown, at: string) => {
    if (!this.shape(value, at, ["title", "text"], ["icon", "link"])) return
    this.text(value.title, `${at}.title`)
    this.text(value.text, `${at}.text`)
    if (value.icon !== undefined && !(icons as readonly unknown[]).includes(value.icon)) {
      this.fail(`${at}.icon`, `"${String(value.icon)}" is not a known icon`)
    }
    this.action(value.link, `${at}.link`, true)
  }

  member = (value: unknown, at: string) => {
    if (!this.shape(value, at, ["name", "role", "text"])) return
    for (const key of ["name", "role", "text"]) this.text(value[key], `${at}.${key}`)
  }

  section = (value: unknown, at: string) => {
    if (!isObj(value)) return this.fail(at, "must be an object")
    const kind = value.kind
    if (!(sectionKinds as readonly unknown[]).includes(kind)) {
      return this.fail(`${at}.kind`, `"${String(kind)}" is not one of ${sectionKinds.join(", ")}`)
    }
    const fields: Record<string, [string[], string[]]> = {
      cards: [["items"], []],
      features: [["items"], []],
      steps: [["items"], []],
      prose: [["paragraphs"], []],
      split: [["text", "points"], ["action"]],
      team: [["members"], []],
      cta: [["text", "action"], []],
    }
    const [required, optional] = fields[kind as string]
    if (!this.shape(value, at, ["kind", "title", ...required], ["id", "eyebrow", "lead", ...optional])) return
    for (const key of ["id", "eyebrow", "lead"]) this.text(value[key], `${at}.${key}`, true)
    this.text(value.title, `${at}.title`)
    if ("items" in value) this.list(value.items, `${at}.items`, this.item)
    if ("paragraphs" in value) this.texts(value.paragraphs, `${at}.paragraphs`)
    if (kind === "split" || kind === "cta") this.text(value.text, `${at}.text`)
    if ("points" in value) this.texts(value.points, `${at}.points`)
    if ("members" in value) this.list(value.members, `${at}.members`, this.member)
    this.action(value.action, `${at}.action`, kind !== "cta")
  }
}

/** The ids of a page's sections, for anchors. */
export function sectionIds(data: unknown): string[] {
  if (!isObj(data) || !Array.isArray(data.sections)) return []
  return data.sections.flatMap((section) => (isObj(section) && isText(section.id) ? [section.id] : []))
}

/** A template "page" namespace (PageContent); `home` adds the rules of the home page. */
export function validatePage(data: unknown, links: LinkContext, home = false): string[] {
  const check = new Checker(links)
  if (!check.shape(data, "$", ["meta", "hero", "sections"])) return check.errors
  check.meta(data.meta, "meta")
  check.hero(data.hero, "hero", true)
  check.list(data.sections, "sections", check.section)
  if (home && Array.isArray(data.sections)) {
    const sections = data.sections.filter(isObj)
    const process = sections.find((section) => section.id === "process")
    if (!process || process.kind !== "steps") check.fail("sections", 'home needs a "steps" section with id "process"')
    else if (!Array.isArray(process.items) || process.items.length !== 5) {
      check.fail("sections", 'the "process" steps must have exactly 5 items')
    }
    if (!sections.some((section) => section.id === "solutions")) check.fail("sections", 'home needs a section with id "solutions"')
  }
  return check.errors
}

/** contact.json (ContactPageContent). */
export function validateContact(data: unknown, links: LinkContext): string[] {
  const check = new Checker(links)
  if (!check.shape(data, "$", ["meta", "hero", "info", "reasons", "formTitle"])) return check.errors
  check.meta(data.meta, "meta")
  check.hero(data.hero, "hero", false)
  const infoKeys = ["title", "addressLabel", "address", "hoursLabel", "hours", "emailLabel", "email"]
  if (check.shape(data.info, "info", infoKeys)) {
    for (const key of infoKeys) {
      if (key === "address") check.texts(data.info.address, "info.address")
      else check.text(data.info[key], `info.${key}`)
    }
  }
  if (check.shape(data.reasons, "reasons", ["title", "items"])) {
    check.text(data.reasons.title, "reasons.title")
    check.texts(data.reasons.items, "reasons.items")
    if (Array.isArray(data.reasons.items) && data.reasons.items.length !== 4) {
      check.fail("reasons.items", "must list exactly the four reasons of the specification")
    }
  }
  check.text(data.formTitle, "formTitle")
  return check.errors
}

/** blog.json (BlogPageContent). */
export function validateBlogPage(data: unknown, links: LinkContext): string[] {
  const check = new Checker(links)
  if (!check.shape(data, "$", ["meta", "hero"])) return check.errors
  check.meta(data.meta, "meta")
  check.hero(data.hero, "hero", false)
  return check.errors
}

/** newsletter-confirmed.json and newsletter-unsubscribed.json (NewsletterStatusContent). */
export function validateNewsletterStatus(data: unknown, links: LinkContext): string[] {
  const check = new Checker(links)
  if (!check.shape(data, "$", ["meta", "ask", "done", "unknown", "failed", "home", "privacy"])) return check.errors
  check.meta(data.meta, "meta")
  for (const state of ["ask", "done", "unknown"]) {
    const fields = state === "ask" ? ["title", "lead", "action", "working"] : ["title", "lead"]
    if (!check.shape(data[state], state, fields)) continue
    for (const field of fields) check.text((data[state] as Obj)[field], `${state}.${field}`)
  }
  check.text(data.failed, "failed")
  check.action(data.home, "home")
  check.action(data.privacy, "privacy")
  return check.errors
}

/** A form's result page (src/templates/form-result.tsx). */
export function validateFormResult(data: unknown, links: LinkContext): string[] {
  const check = new Checker(links)
  if (!check.shape(data, "$", ["meta", "title", "lead", "home", "again"])) return check.errors
  check.meta(data.meta, "meta")
  check.text(data.title, "title")
  check.text(data.lead, "lead")
  check.action(data.home, "home")
  check.action(data.again, "again")
  return check.errors
}

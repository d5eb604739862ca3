import { Readable } from "node:stream"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { RETURN_FIELD } from "../../contract/form-post"
import { isCrossSite } from "../auth/cross-site"
import { HttpError } from "../http-error"
import type { Site } from "../static/site-files"
import { localizedPage, renderFormError, type FormError } from "./form-page"

export { localizedPage }

/**
 * How one JSON endpoint also takes the site's plain HTML form (progressive enhancement):
 * before the page's script runs, or with JavaScript off, the browser posts the same fields
 * as application/x-www-form-urlencoded. The fields carry the JSON body's own names, so the
 * same schema, trimming, spam defences and rate limit run; only the answer differs:
 * a success is a 303 to a localized result page (no personal data in its URL), an error
 * re-renders the page the form was on, with the error and everything typed (docs/FIRST-LOAD.md).
 */
export type FormPost = {
  /** The route's URL, as declared: only that route of the plugin takes form posts. */
  url: string
  /** The data-form attribute of the <form> in the page's HTML. */
  form: string
  /** Fields that the schema wants as integers ("" is left out). */
  integers?: string[]
  /** Fields that the schema wants as numbers, decimals too ("" is left out). */
  numbers?: string[]
  /** Fields that the schema wants as lists: every value of a repeated field (checkboxes), "" left out. */
  lists?: string[]
  /** Checkboxes: present is true, absent false. */
  booleans?: string[]
  /** Where a success lands, by the language of the post (and the JSON answer, for a token). */
  success: (language: string | undefined, answer: string, post: Posted) => string
  /**
   * A page of the form's own for a refusal (the booking pages draw theirs with fresh times),
   * in place of the built page with its hidden notice; null to fall back to that.
   */
  failure?: (post: Posted, status: number, answer: string) => Promise<RenderedForm | null>
}

type RenderedForm = { html: string | Buffer; csp: string | null }

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i
const MAX_FORM_BYTES = 64 * 1024

/** A form post as read: its fields, the page it came from and its language. */
export type Posted = {
  values: Record<string, string>
  /** Every value of each field, in order: the ticked boxes of a group. A map, so that a field
   * named "__proto__" or "constructor" is a field like any other. */
  choices: ReadonlyMap<string, string[]>
  returnTo: string | undefined
  language: string | undefined
}
const posted = new WeakMap<FastifyRequest, Posted>()

function toJson(raw: string, spec: FormPost): { body: Record<string, unknown>; post: Posted } {
  const values: Record<string, string> = {}
  const choices = new Map<string, string[]>()
  const params = new URLSearchParams(raw)
  for (const [key, value] of params) {
    values[key] = value
    const list = choices.get(key)
    if (list) list.push(value)
    else choices.set(key, [value])
  }
  const { [RETURN_FIELD]: returnTo, ...fields } = values
  const body: Record<string, unknown> = { ...fields }
  const numeric = (keys: string[] | undefined, pattern: RegExp) => {
    for (const key of keys ?? []) {
      if (!(key in body)) continue
      if (body[key] === "") delete body[key]
      // Only what matches becomes a number; anything else stays a string and the schema refuses it.
      else if (pattern.test(String(body[key]))) body[key] = Number(body[key])
    }
  }
  numeric(spec.integers, /^\d{1,15}$/)
  numeric(spec.numbers, /^-?\d{1,15}(\.\d{1,6})?$/)
  for (const key of spec.lists ?? [])
    body[key] = (choices.get(key) ?? []).filter((value) => value !== "")
  for (const key of spec.booleans ?? []) body[key] = key in body
  const language =
    typeof fields.Language === "string"
      ? fields.Language
      : typeof fields.language === "string"
        ? fields.language
        : undefined
  return { body, post: { values: fields, choices, returnTo, language } }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    size += buffer.length
    if (size > MAX_FORM_BYTES)
      throw Object.assign(new Error("Request body is too large"), {
        statusCode: 413,
        code: "FST_ERR_CTP_BODY_TOO_LARGE",
      })
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/** Call inside a route plugin, before its routes: form posts to spec.url are read as its JSON body. */
export function acceptFormPosts(app: FastifyInstance, site: Site | undefined, spec: FormPost) {
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (
      request.routeOptions.url !== spec.url ||
      !FORM_TYPE.test(request.headers["content-type"] ?? "")
    )
      return payload
    // A page of another origin (another site, or this host on another port or scheme) must
    // not post into the site's forms. Refused before anything is read: nothing of it is kept
    // or written back into a page.
    if (isCrossSite(request, []))
      throw new HttpError(403, "cross_site", "Forms are accepted from this site's own pages only.")
    const raw = await readAll(payload)
    const { body, post } = toJson(raw.toString("utf8"), spec)
    posted.set(request, post)
    request.headers["content-type"] = "application/json"
    const json = Readable.from([Buffer.from(JSON.stringify(body), "utf8")]) as Readable & {
      receivedEncodedLength: number
    }
    json.receivedEncodedLength = raw.length
    return json
  })

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const post = posted.get(request)
    // Each spec answers its own route: a plugin may take the posts of several.
    if (!post || request.routeOptions.url !== spec.url) return payload
    const status = reply.statusCode
    if (status < 400) {
      reply
        .code(303)
        .header(
          "location",
          spec.success(post.language, typeof payload === "string" ? payload : "", post),
        )
        .removeHeader("content-type")
      return ""
    }
    const answer = typeof payload === "string" ? payload : ""
    const page =
      (spec.failure && (await spec.failure(post, status, answer))) ??
      renderFormError(site, {
        form: spec.form,
        error: errorKind(status),
        values: post.values,
        choices: post.choices,
        returnTo: post.returnTo,
        language: post.language,
      })
    if (!page) return payload
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store")
    if (page.csp) reply.header("content-security-policy", page.csp)
    return page.html
  })
}

function errorKind(status: number): FormError {
  if (status === 429) return "tooMany"
  if (status >= 500) return "unavailable"
  return "invalid"
}

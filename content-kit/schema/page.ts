// The copy of every page of content-kit/routes.ts, one schema per template. Types, the content
// check and the editors' reference (docs/CONTENT-SCHEMA.md) are all drawn from here.
import { Type, type Static } from "@sinclair/typebox"
import { contentIcons } from "../icon-names"
import type { Template } from "../routes"
import { Action, discriminatorKeyword, Meta, OneOf, Shape, Text, TextList } from "./fields"

export { Action }
export type Action = Static<typeof Action>

export const Item = Shape(
  {
    title: Text("the item's heading"),
    text: Text("the item's text"),
    icon: Type.Optional(OneOf(Object.keys(contentIcons), "an icon of content-kit/icon-names.ts")),
    link: Type.Optional(Action),
  },
  "a card, feature or step",
)
export type Item = Static<typeof Item>

const Items = Type.Array(Item, { minItems: 1, description: "the items, in order" })

const heading = {
  id: Type.Optional(Text('an anchor other links can point to ("#id")')),
  eyebrow: Type.Optional(Text("a short line above the title")),
  title: Text("the section's heading"),
  lead: Type.Optional(Text("a sentence under the title")),
}

const section = <K extends string, P extends Parameters<typeof Type.Object>[0]>(
  kind: K,
  description: string,
  body: P,
) => Shape({ kind: Type.Literal(kind), ...heading, ...body }, description)

export const sectionVariants = [
  section("cards", "a grid of cards", { items: Items }),
  section("features", "a list of features with icons", { items: Items }),
  section("steps", "numbered steps", { items: Items }),
  section("prose", "paragraphs of text", { paragraphs: TextList("the paragraphs") }),
  section("split", "a text beside a list of points", {
    text: Text("the text on the left"),
    points: TextList("the points on the right"),
    action: Type.Optional(Action),
  }),
  section("team", "people", {
    members: Type.Array(
      Shape(
        { name: Text("the name"), role: Text("the role"), text: Text("a sentence about them") },
        "a person",
      ),
      {
        minItems: 1,
        description: "the people",
      },
    ),
  }),
  section("cta", "a call to action band", {
    text: Text("the sentence of the band"),
    action: Action,
  }),
] as const

export const Section = Type.Union([...sectionVariants], {
  [discriminatorKeyword]: "kind",
  description: "a block of the page, chosen by `kind`",
})
export type Section = Static<typeof Section>
export type SectionKind = Section["kind"]

const heroFields = {
  eyebrow: Type.Optional(Text("a short line above the title")),
  title: Text("the page's one h1"),
  lead: Text("the sentence under the title"),
}

export const PageContent = Shape(
  {
    meta: Meta,
    hero: Shape(
      { ...heroFields, primary: Type.Optional(Action), secondary: Type.Optional(Action) },
      "the top of the page; with a primary action the page shows the dashboard drawing",
    ),
    sections: Type.Array(Section, { minItems: 1, description: "the blocks of the page, in order" }),
  },
  'template "page": a hero and sections',
)
export type PageContent = Static<typeof PageContent>

const PlainHero = Shape(heroFields, "the top of the page")

export const ContactPageContent = Shape(
  {
    meta: Meta,
    hero: PlainHero,
    info: Shape(
      {
        title: Text("the heading of the address block"),
        addressLabel: Text("label"),
        address: TextList("the postal address, one line each"),
        hoursLabel: Text("label"),
        hours: Text("opening hours"),
        emailLabel: Text("label"),
        email: Text("the address shown"),
      },
      "how to reach the company",
    ),
    reasons: Shape(
      {
        title: Text("the heading of the list"),
        items: TextList("the four reasons of the specification", { minItems: 4, maxItems: 4 }),
      },
      "why write to us",
    ),
    formTitle: Text("the heading of the form"),
  },
  'template "contact": the contact page',
)
export type ContactPageContent = Static<typeof ContactPageContent>

export const BlogPageContent = Shape(
  { meta: Meta, hero: PlainHero },
  'template "blog-list": the list of posts',
)
export type BlogPageContent = Static<typeof BlogPageContent>

const State = (description: string) =>
  Shape({ title: Text("the heading"), lead: Text("the sentence under it") }, description)

export const NewsletterStatusContent = Shape(
  {
    meta: Meta,
    ask: Shape(
      {
        title: Text("the heading"),
        lead: Text("the sentence under it"),
        action: Text("the button that confirms or unsubscribes"),
        working: Text("the button while the request runs"),
      },
      "before the click (a mail scanner opening the link does nothing)",
    ),
    done: State("after a successful click"),
    unknown: State("when the link is unknown or already used"),
    failed: Text(
      "shown when the click could not reach the server; the button stays for another try",
    ),
    home: Action,
    privacy: Action,
  },
  'template "newsletter-status": where the newsletter\'s links land',
)
export type NewsletterStatusContent = Static<typeof NewsletterStatusContent>

export const FormResultContent = Shape(
  {
    meta: Meta,
    title: Text("the heading"),
    lead: Text("the sentence under it"),
    home: Action,
    again: Action,
  },
  'template "form-result": where a form lands after a post without JavaScript (contact sent, newsletter thanks)',
)
export type FormResultContent = Static<typeof FormResultContent>

const TypeCopy = Shape(
  { name: Text("the type's name, with its length"), description: Text("one sentence") },
  "a meeting type",
)
const Labels = <K extends string>(keys: readonly K[], description: string) =>
  Shape(
    Object.fromEntries(keys.map((key) => [key, Text(key)])) as Record<K, ReturnType<typeof Text>>,
    description,
  )

export const BookingPageContent = Shape(
  {
    meta: Meta,
    hero: PlainHero,
    types: Shape(
      { legend: Text("the heading of the choice"), demo: TypeCopy, consultation: TypeCopy },
      "the meeting types (durations are the server's)",
    ),
    zone: Labels(["label", "team", "show"], "the visitor's and the team's time zones"),
    slots: Labels(["title", "loading", "none", "failed", "retry", "noScript"], "the slot list"),
    form: Labels(
      [
        "title",
        "chosen",
        "chooseFirst",
        "name",
        "email",
        "company",
        "phone",
        "message",
        "optional",
        "honeypot",
        "submit",
        "sending",
        "privacy",
      ],
      "the booking form",
    ),
    errors: Labels(["title", "slotTaken", "invalid", "failed"], "why a booking failed"),
  },
  'template "booking": the booking page',
)
export type BookingPageContent = Static<typeof BookingPageContent>

export const BookingManageContent = Shape(
  {
    meta: Meta,
    hero: PlainHero,
    details: Labels(["type", "day", "time", "status", "teamTime"], "the booking's rows"),
    status: Labels(
      ["booked", "rescheduled", "cancelled", "done", "no_show"],
      "the meeting's status",
    ),
    notices: Labels(["title", "booked", "rescheduled", "cancelled"], "after each step"),
    invitation: Text("the link to the .ics invitation"),
    reschedule: Labels(["open", "title", "submit", "sending"], "moving the meeting"),
    cancel: Labels(["submit", "sending"], "cancelling the meeting"),
    problems: Labels(
      ["title", "missing", "unknown", "expired", "failed", "loading"],
      "when it goes wrong",
    ),
    bookAgain: Action,
  },
  'template "booking-manage": a booking as its link shows it (uses the booking page\'s copy too)',
)
export type BookingManageContent = Static<typeof BookingManageContent>

/** The schema of each template's copy, as the route table names templates. */
export const templateSchemas = {
  page: PageContent,
  contact: ContactPageContent,
  "blog-list": BlogPageContent,
  "newsletter-status": NewsletterStatusContent,
  "form-result": FormResultContent,
  // A calculator page: the hero and sections of a page around its form (the form's own
  // labels are shared by the three, in calculators.json).
  calculator: PageContent,
  // The panel study estimate: the same, around its form (whose labels are in estimate.json).
  estimate: PageContent,
  booking: BookingPageContent,
  "booking-manage": BookingManageContent,
} as const satisfies Record<Template, unknown>

export type CopyOf<T extends Template> = Static<(typeof templateSchemas)[T]>

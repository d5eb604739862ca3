import React from "react"
import type { BookingPageContent } from "../../../content-kit/schema/page"
import { Field, Input, Textarea } from "../ui/field"
import { Honeypot } from "../ui/honeypot"

type Props = {
  copy: BookingPageContent["form"]
  /** Carried over from the contact form (contact-carry.ts). */
  defaults: { name: string; email: string }
}

/** The contact form's fields, named as the booking's JSON body, with its honeypot. */
export function BookingFields({ copy, defaults }: Props) {
  const optional = copy.optional
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="booking-name" label={copy.name}>
          <Input
            id="booking-name"
            name="name"
            required
            autoComplete="name"
            maxLength={200}
            defaultValue={defaults.name}
          />
        </Field>
        <Field id="booking-email" label={copy.email}>
          <Input
            id="booking-email"
            name="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            defaultValue={defaults.email}
          />
        </Field>
        <Field id="booking-company" label={copy.company}>
          <Input
            id="booking-company"
            name="Company"
            required
            autoComplete="organization"
            maxLength={200}
          />
        </Field>
        <Field id="booking-phone" label={copy.phone} hint={optional}>
          <Input id="booking-phone" name="Phone" type="tel" autoComplete="tel" maxLength={50} />
        </Field>
      </div>
      <Field id="booking-message" label={copy.message} hint={optional}>
        <Textarea id="booking-message" name="Message" rows={4} maxLength={10000} />
      </Field>
      <Honeypot id="booking-website" label={copy.honeypot} />
    </>
  )
}

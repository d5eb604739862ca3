import React from "react"
import { Input } from "../../components/ui/field"

type Props = { id: string; name?: string; value: string; onChange: (code: string) => void }

/** A six-digit code of an authenticator app: numeric keyboard, the browser's one-time-code autofill, digits only. */
export const TotpCodeInput = React.forwardRef<HTMLInputElement, Props>(function TotpCodeInput(
  { onChange, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ""))}
    />
  )
})

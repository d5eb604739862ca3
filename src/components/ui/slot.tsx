import React from "react"
import { cn } from "./cn"

type SlotProps = React.HTMLAttributes<HTMLElement> & { children?: React.ReactNode }

/**
 * Renders its single child with the slot's props merged in (classes joined, the child's
 * own props winning), so that `<Button asChild><Link/></Button>` is a link that looks like a button.
 */
export const Slot = React.forwardRef<HTMLElement, SlotProps>(function Slot({ children, className, ...props }, ref) {
  if (!React.isValidElement<{ className?: string }>(children)) return null
  return React.cloneElement(children as React.ReactElement<Record<string, unknown>>, {
    ...props,
    ...children.props,
    className: cn(className, children.props.className),
    ref,
  })
})

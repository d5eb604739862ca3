import React from "react"
import { cn } from "./cn"

/**
 * Renders its single child with the slot's props merged in (classes joined, the child's
 * own props winning), so that `<Button asChild><Link/></Button>` is a link that looks like a button.
 */
export function Slot({ children, className, ...props }: React.HTMLAttributes<HTMLElement>) {
  if (!React.isValidElement<{ className?: string }>(children)) return null
  return React.cloneElement(children, { ...props, ...children.props, className: cn(className, children.props.className) })
}

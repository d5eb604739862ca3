import React from "react"
import { cn } from "./cn"
import { variantTable, type VariantProps } from "./variant-table"

export const buttonVariants = variantTable(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap " +
    "rounded-lg text-sm font-semibold transition-colors " +
    "focus-visible:outline-2 focus-visible:outline-offset-2 " +
    "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variant: {
      default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
      destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
      outline:
        "border border-slate-300 bg-transparent text-slate-900 hover:bg-slate-100 " +
        "dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800",
      secondary:
        "bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
      ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
      link: "text-brand-700 underline-offset-4 hover:underline dark:text-brand-300",
    },
    size: {
      default: "h-10 px-4 py-2",
      sm: "h-9 px-3",
      lg: "h-12 px-6",
      icon: "size-10",
    },
  },
  { variant: "default", size: "default" },
)

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link) with the button's look instead of a <button>. */
    asChild?: boolean
  }

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, asChild = false, children, ...props },
  ref,
) {
  const classes = cn(buttonVariants({ variant, size }), className)
  if (asChild && React.isValidElement<{ className?: string }>(children)) {
    return React.cloneElement(children, { className: cn(classes, children.props.className) })
  }
  return (
    <button ref={ref} className={classes} {...props}>
      {children}
    </button>
  )
})

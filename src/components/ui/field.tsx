import React from "react"
import { cn } from "./cn"

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 " +
  "py-2 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus-visible:border-brand-600 dark:border-slate-600 " +
  "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"

type FieldProps = { id: string; label: string; hint?: string; className?: string }

export function Field({
  id,
  label,
  hint,
  className,
  children,
}: FieldProps & { children: React.ReactNode }) {
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
        {hint && <span className="font-normal text-slate-600 dark:text-slate-400"> ({hint})</span>}
      </label>
      {children}
    </div>
  )
}

export const Input = React.forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement>
>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(control, className)} {...props} />
})

export const Textarea = React.forwardRef<
  HTMLTextAreaElement,
  React.TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(control, className)} {...props} />
})

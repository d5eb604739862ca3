import React from "react"

export function Prose({ paragraphs }: { paragraphs: string[] }) {
  return (
    <div className="mt-6 max-w-3xl space-y-4 text-lg text-slate-700 dark:text-slate-300">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  )
}

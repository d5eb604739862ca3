// A variant table in plain code (what class-variance-authority's cva did for these
// primitives, without its runtime on every page): the base classes, then the chosen class of
// each dimension: the default when the caller passes undefined, none when it passes null.

type Table = Record<string, Record<string, string>>
type Choice<T extends Table> = { [K in keyof T]?: keyof T[K] | null }

/** The props a table takes (`VariantProps<typeof buttonVariants>`). */
export type VariantProps<F> = F extends (choice?: infer C) => string ? NonNullable<C> : never

export function variantTable<T extends Table>(
  base: string,
  table: T,
  defaults: { [K in keyof T]?: keyof T[K] },
) {
  return (choice: Choice<T> = {}): string =>
    [
      base,
      ...Object.keys(table).map((name) => {
        const key = choice[name] === undefined ? defaults[name] : choice[name]
        return key == null ? undefined : table[name][key as string]
      }),
    ]
      .filter(Boolean)
      .join(" ")
}

// What every calculator returns: a value, or the fields that are wrong, each with a code the
// page translates (`estimate.errors.<code>`). Bad input is data here: never an exception, a
// NaN or an Infinity.

/** The codes an input can be refused with. */
export type InputError =
  | "confidence_out_of_range"
  | "margin_out_of_range"
  | "proportion_out_of_range"
  | "not_positive_integer"
  | "negative_count"
  | "not_integer"
  | "population_below_sample"
  | "no_responses"
  | "no_market"
  | "unknown_market"
  | "duplicate_market"
  | "unknown_criterion"
  | "incidence_out_of_range"
  | "incidence_below_card"
  | "length_out_of_range"
  | "length_above_card"

export type Errors<Field extends string> = Partial<Record<Field, InputError>>

export type Result<Value, Field extends string> =
  { ok: true; value: Value } | { ok: false; errors: Errors<Field> }

/** The result of checks made field by field: the value only when no field was refused. */
export function resultOf<Value, Field extends string>(
  errors: Errors<Field>,
  value: () => Value,
): Result<Value, Field> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value() }
}

export const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0
export const isPositiveCount = (value: number) => Number.isSafeInteger(value) && value > 0

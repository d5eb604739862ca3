import { clsx, type ClassValue } from "clsx"

// Joins classes without merging them: see docs/UI.md (class merging) and variants.test.ts.
export const cn: (...values: ClassValue[]) => string = clsx

// negotiator 1.x ships no types, and @types/negotiator describes 0.6, which lacks `preferred`.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    /** The best of `available` by the request's q-values; ties go to `preferred`'s order. */
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined
  }
}

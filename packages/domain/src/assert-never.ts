/**
 * The `never` check of an exhaustive `switch` (docs/conventions.md#exhaustive-switch): the compiler proves this call unreachable.
 * If a value outside its union arrives anyway (an unvalidated wire value, a cast), that is a
 * programming error, not a rule violation, so it throws rather than returning a result.
 */
export function assertNever(value: never, what: string): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}

/**
 * A deep copy of `value` as an answer brings it: through JSON, as `fetch().json()` and a hub
 * message parse it. The tests run each file in a context of its own (vitest.config.ts), where
 * Node's `structuredClone` would make objects of another realm, which no code of the client ever
 * receives.
 */
export function wireCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

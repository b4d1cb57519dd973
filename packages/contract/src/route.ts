import type { Endpoint } from './common.js';

/**
 * What the web needs of an endpoint at run time — its method, path and audience — with the
 * endpoint's schemas as types only, so no client chunk carries zod: the server is the validator
 * (docs/architecture.md, "The client's contract").
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly audience: E['audience'];
  /** Never set: carries the endpoint's schema types to `callApi`. */
  readonly endpoint?: E;
}

/**
 * The client's handle on endpoint `E`. Method, path and audience are restated beside the
 * endpoint, and the compiler holds them to `E`'s own literal types, so they cannot drift.
 */
export function route<E extends Endpoint>(definition: {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly audience: E['audience'];
}): Route<E> {
  return definition;
}

import type { Endpoint, Refusal } from '@backlay/contract/common';
import type { Route } from '@backlay/contract/route';
import type { z } from 'zod';
import { clearStoredLogin, getStoredLogin } from './stored-login';
import { yieldToBrowser } from './yield';

type Part<E, K extends 'query' | 'body' | 'params'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

export type ApiInput<E extends Endpoint> = Part<E, 'query'> &
  Part<E, 'body'> &
  Part<E, 'params'> & {
    readonly headers?: Record<string, string>;
    readonly signal?: AbortSignal;
  };

/** The endpoint a contract route stands for: its schemas, as types. */
type EndpointOf<R> = R extends Route<infer E> ? E : never;

/** What a route answers (its 200 body). */
export type ApiAnswer<R extends Route> = z.output<EndpointOf<R>['response']>;

/** The query a route takes, as the caller writes it. */
export type ApiQuery<R extends Route> =
  EndpointOf<R> extends { readonly query: infer S extends z.ZodType } ? z.input<S> : never;

/** A failed call: `status` is the HTTP status, 0 when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NOT_AUTHENTICATED = 'User not authenticated';

let onUnauthorized: () => void = () => {};

/** The app says what a 401 does beyond clearing the login (go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The back office's login (an operator's or an agent's), never mixed with the client's: its token
 * for the routes of its audience, and what a 401 from one does (clear that login; the back office
 * then shows its own login page). The back office registers it when its chunk loads, so no client
 * chunk carries it (docs/architecture.md, "The client's weight").
 */
export interface OperatorAuth {
  readonly token: () => string | null;
  readonly onUnauthorized: () => void;
}

type StaffAudience = 'operator' | 'agent';
const staffAuth = new Map<StaffAudience, OperatorAuth>();

export function setStaffAuth(audience: StaffAudience, auth: OperatorAuth): void {
  staffAuth.set(audience, auth);
}

const isStaff = (audience: string): audience is StaffAudience =>
  audience === 'operator' || audience === 'agent';

function buildUrl(endpoint: Route, input: { query?: unknown; params?: unknown }): string {
  let path = endpoint.path;
  const params = (input.params ?? {}) as Record<string, string | number>;
  path = path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      query.set(key, String(value));
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** An answer in our envelope: the one check the client makes (the server validates). */
export const isEnvelope = (payload: unknown): payload is { readonly Status: boolean } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { Status?: unknown }).Status === 'boolean';

/**
 * The one way the client calls the server (docs/conventions.md#one-api-client): the contract's route builds the URL and types
 * the answer. The client ships no schema: the server validates every answer against the
 * contract (its tests parse each one), and the client checks only that an answer is our envelope
 * (docs/architecture.md, "The client's contract"). A client route with no stored token fails with
 * 'User not authenticated' and sends nothing (docs/product.md#roles); any 401 removes the stored login and goes
 * to /login (docs/product.md#errors). An `operator` or `agent` route does the same with the back office's login (above).
 */
export async function callApi<E extends Endpoint>(
  endpoint: Route<E>,
  input: ApiInput<E> = {} as ApiInput<E>,
): Promise<z.output<E['response']>> {
  const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
  if (endpoint.audience === 'client') {
    const login = getStoredLogin();
    if (!login) throw new ApiError(401, NOT_AUTHENTICATED);
    headers.authorization = `Bearer ${login.Token}`;
  } else if (isStaff(endpoint.audience)) {
    const token = staffAuth.get(endpoint.audience)?.token();
    if (!token) throw new ApiError(401, NOT_AUTHENTICATED);
    headers.authorization = `Bearer ${token}`;
  }
  const hasBody = 'body' in input && input.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';

  // A screen's first render starts a dozen reads, and each `fetch` costs a phone milliseconds of
  // main thread: each starts in a task of its own instead of all in one long one.
  const yielded = yieldToBrowser();
  if (yielded) await yielded;
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, input), {
      method: endpoint.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network Error');
  }

  if (response.status === 401 && endpoint.audience === 'client') {
    clearStoredLogin();
    onUnauthorized();
    throw new ApiError(401, NOT_AUTHENTICATED);
  }
  if (response.status === 401 && isStaff(endpoint.audience)) {
    staffAuth.get(endpoint.audience)?.onUnauthorized();
    throw new ApiError(401, NOT_AUTHENTICATED);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const result = (payload as { Result?: unknown } | null)?.Result;
    throw new ApiError(
      response.status,
      typeof result === 'string' ? result : `Request failed (${response.status})`,
    );
  }
  if (!isEnvelope(payload))
    throw new ApiError(response.status, 'Unexpected answer from the server');
  return payload as z.output<E['response']>;
}

/** A refusal (`Status: false`) becomes the query's error, with its message. */
export function answered<A extends { readonly Status: true } | Refusal>(
  answer: A,
): Extract<A, { readonly Status: true }> {
  if (!answer.Status) throw new ApiError(200, answer.Result);
  return answer as Extract<A, { readonly Status: true }>;
}

/**
 * A fresh Idempotency-Key for a money-moving POST (8–100 of `[A-Za-z0-9_.:-]`, docs/decisions.md#api).
 * `randomUUID` needs a secure context, which every host the client logs in on is; the fallback
 * keeps an odd host from breaking a bet.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** No answer, or a server failure: a bet may or may not have landed, so ask again with its key. */
export const isWorthRetrying = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

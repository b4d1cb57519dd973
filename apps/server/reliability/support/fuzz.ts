import { refusal, type Endpoint } from '@backlay/contract/common';
import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../src/db/pool.js';
import type { Rng } from '../money/betting.js';
import { encodePart } from './routes.js';

/**
 * Generated inputs of the fuzzing proof (docs/reliability.md, "HTTP fuzzing"): valid instances of a
 * route's schemas, drawn from the JSON Schema zod gives of them with known-good ids mixed in, and
 * the mutations the proof asks for — wrong types, missing and extra fields, huge, negative, NaN and
 * Infinity numbers, 1 MiB+ bodies, malformed JSON, `__proto__` keys, SQL and HTML strings in every
 * text field. Everything is drawn from one seeded generator, so a run replays with its seed.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Known-good values by field name (ids of the seeded world), tried before random ones. */
export type Hints = Readonly<Record<string, readonly Json[]>>;

/** One generated request, as sent: the credential is chosen by the suite. */
export interface FuzzInput {
  /** `valid`, or the mutation that made it. */
  readonly kind: string;
  readonly params: Readonly<Record<string, string>>;
  /** The query string without `?` (already encoded). */
  readonly query: string;
  /** The raw body and its content type; absent for none. */
  readonly body?: { readonly text: string; readonly contentType: string };
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: Json[];
  const?: Json;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: Json;
}

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let found = jsonSchemas.get(schema);
  if (!found) {
    found = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, found);
  }
  return found;
}

const patterns = new Map<string, fc.Arbitrary<string>>();
function matching(rng: Rng, pattern: string, maxLength: number | undefined): string {
  let arbitrary = patterns.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(new RegExp(pattern));
    patterns.set(pattern, arbitrary);
  }
  // A few draws, keeping the first within the length bound (patterns like `\d+` grow long).
  const drawn = fc.sample(arbitrary, { seed: rng.int(0, 2 ** 31 - 1), numRuns: 5 });
  return drawn.find((text) => maxLength === undefined || text.length <= maxLength) ?? drawn[0]!;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,';

function randomText(rng: Rng, min: number, max: number): string {
  const length = rng.int(min, Math.min(max, min + 24));
  let text = '';
  for (let n = 0; n < length; n += 1) text += ALPHABET[rng.int(0, ALPHABET.length - 1)];
  return text;
}

function randomNumber(rng: Rng, schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + (integer ? 1 : 0.01);
  const high = schema.maximum ?? (schema.exclusiveMaximum ?? low + 100_000) - (integer ? 1 : 0.01);
  // Mostly small values near the bottom of the range, sometimes anywhere in it.
  const top = rng.chance(0.8) ? Math.min(high, Math.max(low, 0) + 1000) : high;
  const cents = Math.round((low + rng.next() * (top - low)) * 100) / 100;
  const value = integer || rng.chance(0.5) ? Math.round(cents) : cents;
  return Math.min(high, Math.max(low, value));
}

function fromSchema(rng: Rng, schema: JsonSchema, hints: Hints, name: string | undefined): Json {
  const hinted = name === undefined ? undefined : hints[name];
  if (hinted && hinted.length > 0 && rng.chance(0.75)) return rng.pick(hinted);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fromSchema(rng, rng.pick(choices), hints, name);
  if (schema.allOf?.[0]) return fromSchema(rng, schema.allOf[0], hints, name);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, Json> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.6))
          result[key] = fromSchema(rng, property, hints, key);
      }
      return result;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = rng.int(min, Math.min(schema.maxItems ?? min + 3, min + 3));
      return Array.from({ length: count }, () =>
        fromSchema(rng, schema.items ?? {}, hints, undefined),
      );
    }
    case 'string':
      if (schema.format === 'date-time')
        return new Date(Date.UTC(2026, 10, rng.int(1, 28))).toISOString();
      if (schema.pattern) return matching(rng, schema.pattern, schema.maxLength);
      return randomText(rng, schema.minLength ?? 0, schema.maxLength ?? 40);
    case 'integer':
      return randomNumber(rng, schema, true);
    case 'number':
      return randomNumber(rng, schema, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case undefined:
    default:
      return rng.pick<Json>(['x', 1, true, null]);
  }
}

/** A value the schema accepts (known-good ids preferred), or null after `tries` misses. */
export function validValue(rng: Rng, schema: z.ZodType, hints: Hints, tries = 30): Json | null {
  const json = jsonSchemaOf(schema);
  for (let n = 0; n < tries; n += 1) {
    // The later tries ignore the hints: a hint may not fit this route's rule for the field.
    const value = fromSchema(rng, json, n < tries / 2 ? hints : {}, undefined);
    if (schema.safeParse(value).success) return value;
  }
  return null;
}

/** Hostile text for every text field. */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE bets; --",
  '1; SELECT pg_sleep(5)',
  "\\'; DELETE FROM wallets WHERE ''='",
  '1 UNION SELECT password_hash FROM clients',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\u202eevil',
  '💸🎰'.repeat(50),
  'x\r\nSet-Cookie: a=b',
  ' ',
  '',
  '0x10',
  '1e999',
  '-0',
  'NaN',
  'null',
  '[object Object]',
];

/** Numbers that have broken servers before; the `raw` ones are written into the JSON text. */
const HOSTILE_NUMBERS: readonly (number | { raw: string })[] = [
  -1,
  -0.01,
  0,
  -0,
  0.001,
  1e-7,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  { raw: '1e999' }, // JSON.parse reads it as Infinity
  { raw: '-1e999' },
  { raw: 'NaN' }, // not JSON: malformed
  { raw: 'Infinity' },
  { raw: '0.1e-400' },
  { raw: '00012' },
  { raw: '123456789012345678901234567890' },
];

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x'];

const RAW = '\u0001raw:';
const rawToken = (raw: string) => `${RAW}${raw}\u0001`;
/** JSON text of a tree whose raw tokens are written unquoted. */
function serialise(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"\\]*)\\u0001"/g, '$1');
}

function hostileNumber(rng: Rng): Json {
  const picked = rng.pick(HOSTILE_NUMBERS);
  return typeof picked === 'number' ? picked : rawToken(picked.raw);
}

function wrongTypeOf(rng: Rng, value: unknown): Json {
  const options: Json[] = [
    null,
    true,
    0,
    'text',
    [],
    {},
    [value as Json],
    { value: value as Json },
  ];
  const candidates = options.filter(
    (option) => typeof option !== typeof value || Array.isArray(option) !== Array.isArray(value),
  );
  return rng.pick(candidates);
}

/** Every path of a tree (objects and arrays walked), the root first. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found = [prefix];
  if (Array.isArray(value))
    value.forEach((item, index) => found.push(...paths(item, [...prefix, index])));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...prefix, key]));
  return found;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Replaces (or with `undefined` deletes) the value at a non-root path. */
function setAt(root: unknown, path: readonly (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    // defineProperty, so that a `__proto__` key is an own, serialised property.
    Object.defineProperty(node, last, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

function getAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node;
}

/** A mutated copy of a JSON tree (never the root replaced), and the mutation's name. */
function mutateTree(rng: Rng, tree: Json): { kind: string; tree: Json } {
  const copy = clone(tree);
  const all = paths(copy).filter((path) => path.length > 0);
  const leaves = all.filter((path) => {
    const value = getAt(copy, path);
    return value === null || typeof value !== 'object';
  });
  const objects = paths(copy).filter((path) => {
    const value = path.length === 0 ? copy : getAt(copy, path);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  });
  const strings = leaves.filter((path) => typeof getAt(copy, path) === 'string');
  const choice = rng.int(0, 7);
  if (choice === 0 && all.length > 0) {
    const path = rng.pick(all);
    setAt(copy, path, wrongTypeOf(rng, getAt(copy, path)));
    return { kind: 'wrong type', tree: copy };
  }
  if (choice === 1 && all.length > 0) {
    setAt(copy, rng.pick(all), undefined);
    return { kind: 'missing field', tree: copy };
  }
  if (choice === 2 && objects.length > 0) {
    const path = rng.pick(objects);
    const target = path.length === 0 ? copy : getAt(copy, path);
    const key = rng.chance(0.5) ? rng.pick(EXTRA_KEYS) : randomText(rng, 1, 30);
    const value: Json = rng.chance(0.5)
      ? { isAdmin: true, Status: true, polluted: 1 }
      : rng.pick(HOSTILE_STRINGS);
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return { kind: key === '__proto__' ? '__proto__ key' : 'extra field', tree: copy };
  }
  if ((choice === 3 || choice === 4) && leaves.length > 0) {
    setAt(copy, rng.pick(leaves), hostileNumber(rng));
    return { kind: 'hostile number', tree: copy };
  }
  if ((choice === 5 || choice === 6) && (strings.length > 0 || leaves.length > 0)) {
    const path = rng.pick(strings.length > 0 ? strings : leaves);
    setAt(
      copy,
      path,
      rng.chance(0.1) ? 'y'.repeat(rng.int(1000, 70_000)) : rng.pick(HOSTILE_STRINGS),
    );
    return { kind: 'hostile string', tree: copy };
  }
  if (leaves.length > 0) {
    // Every text field at once: SQL and HTML strings.
    const text = rng.pick(HOSTILE_STRINGS.slice(0, 8));
    for (const path of strings) setAt(copy, path, text);
    return { kind: 'hostile strings everywhere', tree: copy };
  }
  return { kind: 'wrong type', tree: wrongTypeOf(rng, copy) };
}

const MIB = 1024 * 1024;

/** A value as URL text: strings as they are, anything else as JSON. */
const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Bodies whose text itself is broken, whatever the route's schema. */
function brokenBody(rng: Rng, text: string): { kind: string; text: string; contentType: string } {
  const json = 'application/json';
  const options: (() => { kind: string; text: string; contentType: string })[] = [
    () => ({
      kind: 'malformed JSON',
      text: text.slice(0, Math.max(1, rng.int(0, text.length - 1))),
      contentType: json,
    }),
    () => ({ kind: 'malformed JSON', text: `${text}}garbage`, contentType: json }),
    () => ({ kind: 'malformed JSON', text: text.replaceAll('"', "'"), contentType: json }),
    () => ({ kind: 'malformed JSON', text: '', contentType: json }),
    () => ({ kind: 'malformed JSON', text: '{"a":', contentType: json }),
    () => ({ kind: 'malformed JSON', text: `\ufeff${text}`, contentType: json }),
    () => ({
      kind: 'not an object',
      text: rng.pick(['null', '[]', '"text"', '123', 'true', `[${text}]`]),
      contentType: json,
    }),
    () => ({
      kind: 'deep nesting',
      text: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      contentType: json,
    }),
    () => ({
      kind: '__proto__ key',
      text: text.replace(/^\{/, '{"__proto__":{"isAdmin":true,"Status":true},'),
      contentType: json,
    }),
    () => ({
      kind: '__proto__ key',
      text: text.replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},'),
      contentType: json,
    }),
    () => ({
      kind: 'duplicate keys',
      text: text.replace(/^\{/, '{"amount":-1,"Stack":-1,"username":"x",'),
      contentType: json,
    }),
    () => ({
      kind: 'huge body',
      text: JSON.stringify({ pad: 'z'.repeat(MIB + rng.int(1, 4096)) }),
      contentType: json,
    }),
    () => ({
      kind: 'huge body',
      text: text.replace(/^\{/, `{"pad":"${'z'.repeat(MIB + 10)}",`),
      contentType: json,
    }),
    () => ({ kind: 'huge body', text: `[${'1,'.repeat(600_000)}1]`, contentType: json }),
    () => ({
      kind: 'wrong content type',
      text,
      contentType: rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]),
    }),
    () => ({ kind: 'wrong content type', text, contentType: 'application/json; charset=utf-16' }),
  ];
  return rng.pick(options)();
}

function encodeQuery(query: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${encodePart(key)}=${encodePart(text)}`);
    }
  }
  return parts.join('&');
}

function queryMutation(
  rng: Rng,
  query: Record<string, Json>,
  schema: JsonSchema,
): { kind: string; query: string } {
  const keys = Object.keys({ ...schema.properties, ...query });
  const key = keys.length > 0 && rng.chance(0.85) ? rng.pick(keys) : rng.pick(EXTRA_KEYS);
  const copy: Record<string, unknown> = { ...query };
  const choice = rng.int(0, 5);
  if (choice === 0) {
    delete copy[key];
    return { kind: 'missing field', query: encodeQuery(copy) };
  }
  if (choice === 1) {
    copy[key] = [query[key] ?? '1', rng.pick(HOSTILE_STRINGS)];
    return { kind: 'repeated key', query: encodeQuery(copy) };
  }
  if (choice === 2) {
    copy[key] = rng.pick([
      'NaN',
      'Infinity',
      '-Infinity',
      '-1',
      '1e999',
      '9'.repeat(40),
      '0',
      '-0',
      '1.5',
      ' 1',
      '0x1F',
      '1_000',
    ]);
    return { kind: 'hostile number', query: encodeQuery(copy) };
  }
  if (choice === 3) {
    copy[key] = rng.chance(0.2) ? 'q'.repeat(rng.int(2000, 60_000)) : rng.pick(HOSTILE_STRINGS);
    return { kind: 'hostile string', query: encodeQuery(copy) };
  }
  if (choice === 4) {
    const extra = rng.pick([
      '__proto__[isAdmin]=1',
      '__proto__=1',
      'constructor[prototype][x]=1',
      '%00=%00',
      'a[b][c]=1',
      '=&&=',
      '%E0%A4%A',
    ]);
    const kind = extra.includes('proto') ? '__proto__ key' : 'extra field';
    return { kind, query: `${encodeQuery(copy)}&${extra}` };
  }
  for (const name of keys) copy[name] = rng.pick(HOSTILE_STRINGS.slice(0, 8));
  return { kind: 'hostile strings everywhere', query: encodeQuery(copy) };
}

function paramMutation(
  rng: Rng,
  params: Record<string, Json>,
): { kind: string; params: Record<string, string> } {
  const copy = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, asText(value)]),
  );
  const key = rng.pick(Object.keys(copy));
  copy[key] = rng.pick([
    ...HOSTILE_STRINGS.filter((text) => text !== ''),
    '-1',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    '1.5',
    '%00',
    '..',
    'a/b',
    '١٢٣', // Arabic-Indic digits: `\d` in JavaScript means ASCII digits only
  ]);
  return { kind: 'hostile path parameter', params: copy };
}

/**
 * A valid request for the route, or null when the schema could not be met. An example body is
 * sent as it is: one the route's schema refuses (a known-hostile example, e.g. a partnership of
 * 101 or a deposit of a fraction of a paisa) is labelled `hostile example`, not `valid`.
 */
export function validInput(
  rng: Rng,
  endpoint: Endpoint,
  hints: Hints,
  examples: readonly object[] = [],
): FuzzInput | null {
  const params = endpoint.params ? validValue(rng, endpoint.params, hints) : {};
  const query = endpoint.query ? validValue(rng, endpoint.query, hints) : {};
  let body: Json | null | undefined;
  let kind = 'valid';
  if (endpoint.body) {
    if (examples.length > 0 && rng.chance(0.3)) {
      body = clone(rng.pick(examples)) as Json;
      if (!endpoint.body.safeParse(body).success) kind = 'hostile example';
    } else {
      body = validValue(rng, endpoint.body, hints);
    }
  }
  if (params === null || query === null || body === null) return null;
  return {
    kind,
    params: Object.fromEntries(
      Object.entries(params as Record<string, Json>).map(([k, v]) => [k, asText(v)]),
    ),
    query: encodeQuery(query as Record<string, Json>),
    ...(body === undefined
      ? {}
      : { body: { text: serialise(body), contentType: 'application/json' } }),
  };
}

/** A mutated request for the route: one of its parts broken in one of the ways listed above. */
export function mutatedInput(
  rng: Rng,
  endpoint: Endpoint,
  hints: Hints,
  examples: readonly object[] = [],
): FuzzInput {
  const params = (endpoint.params ? validValue(rng, endpoint.params, hints) : {}) ?? {};
  const query = (endpoint.query ? validValue(rng, endpoint.query, hints) : {}) ?? {};
  const body = endpoint.body
    ? ((examples.length > 0 && rng.chance(0.3)
        ? (clone(rng.pick(examples)) as Json)
        : validValue(rng, endpoint.body, hints)) ?? {})
    : undefined;
  const stringParams = Object.fromEntries(
    Object.entries(params as Record<string, Json>).map(([k, v]) => [k, asText(v)]),
  );
  const base = {
    params: stringParams,
    query: encodeQuery(query as Record<string, Json>),
    ...(body === undefined
      ? {}
      : { body: { text: serialise(body), contentType: 'application/json' } }),
  };
  const parts: string[] = ['query'];
  if (endpoint.params) parts.push('params');
  if (body !== undefined) parts.push('body', 'body', 'body', 'raw body');
  const part = rng.pick(parts);
  if (part === 'params') {
    const mutated = paramMutation(rng, params as Record<string, Json>);
    return { ...base, kind: mutated.kind, params: mutated.params };
  }
  if (part === 'query') {
    const schema = endpoint.query ? jsonSchemaOf(endpoint.query) : {};
    const mutated = queryMutation(rng, query as Record<string, Json>, schema);
    return { ...base, kind: `query: ${mutated.kind}`, query: mutated.query };
  }
  if (part === 'raw body') {
    const broken = brokenBody(rng, base.body!.text);
    return {
      ...base,
      kind: broken.kind,
      body: { text: broken.text, contentType: broken.contentType },
    };
  }
  const mutated = mutateTree(rng, body as Json);
  return {
    ...base,
    kind: mutated.kind,
    body: { text: serialise(mutated.tree), contentType: 'application/json' },
  };
}

/** What one answer broke, if anything. */
export interface Verdict {
  readonly is5xx: boolean;
  /** Why the answer breaks its schema (the 200 body's, or the refusal envelope), or null. */
  readonly schemaBreak: string | null;
  /** Non-2xx, or a 200 with `Status: false`. */
  readonly isRefused: boolean;
}

/**
 * Checks an answer against the contract: a 200 parses with the endpoint's response schema,
 * anything else with the refusal envelope `{ Status: false, Result }` and a message that says
 * something; every answer is JSON.
 */
export function judge(
  endpoint: Endpoint,
  answer: { statusCode: number; body: string; contentType: string | undefined },
): Verdict {
  const is5xx = answer.statusCode >= 500;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return { is5xx, schemaBreak: 'not JSON', isRefused: answer.statusCode !== 200 };
  }
  const isRefused =
    answer.statusCode !== 200 || (body as { Status?: unknown } | null)?.Status === false;
  let schemaBreak: string | null = null;
  if (!answer.contentType?.startsWith('application/json')) {
    schemaBreak = `content type ${answer.contentType ?? 'none'}`;
  } else if (answer.statusCode === 200) {
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) schemaBreak = `200 body: ${parsed.error.message.slice(0, 300)}`;
  } else {
    const parsed = refusal.safeParse(body);
    if (!parsed.success) schemaBreak = `refusal body: ${parsed.error.message.slice(0, 300)}`;
    else if (parsed.data.Result.trim().length === 0) schemaBreak = 'refusal without a message';
  }
  return { is5xx, schemaBreak, isRefused };
}

/**
 * The business tables whose rows a refused request must leave alone: money (wallets, ledger,
 * exposures, bets, settlements, matka bets, casino rounds), clients and sessions, news, the
 * operator's market state, the idempotency keys, and the agent network (docs/agents.md): the
 * users above the clients with their settings, locks and passwords, the versions of their takes,
 * and their back-office sessions.
 *
 * Left out, as bookkeeping a refusal may touch by design: `login_events` and `login_throttle` (a
 * refused login is recorded and counted: that is the brute-force throttle, and a wrong transaction
 * password is counted there too), `hub_tickets` (minted and spent by the hub, not by these
 * routes), `feed_state` (the feed's own cursor), the `last_seen_at` of `sessions`,
 * `casino_sessions` and `agent_sessions` (every authenticated call, refused or not, keeps its
 * session alive), and an agent's `last_totp_step` (the second factor's replay guard: the login's
 * own bookkeeping, as the throttle is). A casino Debit refused is kept against its round id,
 * holding nothing (docs/architecture.md, "Operator voids and rollbacks (casino, matka)"), so
 * `refused` rounds are left out too; the operator audit log (where the agents' actions are logged
 * as `agent:<username>`) records refusals by design and is not watched.
 */
const BUSINESS_TABLES: readonly [table: string, columns: string, where?: string][] = [
  ['clients', 't.*'],
  ['accounts', 't.*'],
  ['wallets', 't.*'],
  ['ledger_entries', 't.*'],
  ['sessions', 't.id, t.client_id, t.token_hash, t.validity_value, t.revoked_at'],
  ['news', 't.*'],
  ['events', 't.*'],
  ['markets', 't.*'],
  ['runners', 't.*'],
  ['fancy_runners', 't.*'],
  ['custom_fancy', 't.*'],
  ['custom_bookmaker', 't.*'],
  ['result_declarations', 't.*'],
  ['bets', 't.*'],
  ['exposures', 't.*'],
  ['idempotency_keys', 't.*'],
  ['chip_settings', 't.*'],
  ['settlements', 't.*'],
  ['settlement_lines', 't.*'],
  ['matka_games', 't.*'],
  ['matka_markets', 't.*'],
  ['matka_bets', 't.*'],
  ['casino_launches', 't.*'],
  ['casino_sessions', 't.session_hash, t.client_id, t.session_id, t.game_id'],
  ['casino_rounds', 't.*', "t.status <> 'refused'"],
  [
    'agents',
    't.id, t.username, t.password_hash, t.transaction_password_hash, t.totp_secret, t.level, ' +
      't.parent_id, t.path, t.partnership_bp, t.match_commission_bp, t.session_commission_bp, ' +
      't.credit_reference_paise, t.login_locked_at, t.betting_locked_at, t.takes_id, t.created_at, ' +
      't.referral_code',
  ],
  ['agent_takes', 't.*'],
  ['signup_requests', 't.*'],
  ['agent_sessions', 't.id, t.agent_id, t.token_hash, t.revoked_at'],
];

/**
 * Every committed change to a business row (see BUSINESS_TABLES) leaves one row in
 * `reliability_changes`, written by triggers this suite adds to its own test database: an insert
 * or a delete of a row it sees, an update that changes what it sees (`IS DISTINCT FROM`, so a write of the same values is
 * no change), a truncate. A change rolled back leaves nothing, as it leaves the rows. Counting them
 * answers "did anything change?" in a millisecond where hashing every business row took 8 ms and
 * more as the world grew (docs/testing.md); a log rather than one counter row, so that two writers
 * never wait on each other for it.
 */
function changeTriggersSql(): string {
  const statements = [
    'CREATE UNLOGGED TABLE IF NOT EXISTS reliability_changes (at_table text NOT NULL)',
    `CREATE OR REPLACE FUNCTION reliability_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN INSERT INTO reliability_changes VALUES (TG_TABLE_NAME); RETURN NULL; END $$`,
  ];
  for (const [table, columns, where] of BUSINESS_TABLES) {
    const seen = (row: 'OLD' | 'NEW') => {
      const projected = columns === 't.*' ? `${row}.*` : columns.replaceAll('t.', `${row}.`);
      const value = `ROW(${projected})`;
      return where ? `(CASE WHEN ${where.replaceAll('t.', `${row}.`)} THEN ${value} END)` : value;
    };
    const onRow = (event: string, when: string | undefined) =>
      `CREATE OR REPLACE TRIGGER reliability_${event.toLowerCase()} AFTER ${event} ON ${table} ` +
      `FOR EACH ROW ${when ? `WHEN (${when}) ` : ''}EXECUTE FUNCTION reliability_change()`;
    statements.push(
      onRow('INSERT', where?.replaceAll('t.', 'NEW.')),
      onRow('DELETE', where?.replaceAll('t.', 'OLD.')),
      onRow('UPDATE', `${seen('OLD')} IS DISTINCT FROM ${seen('NEW')}`),
      `CREATE OR REPLACE TRIGGER reliability_truncate AFTER TRUNCATE ON ${table} ` +
        'FOR EACH STATEMENT EXECUTE FUNCTION reliability_change()',
    );
  }
  return statements.join(';\n');
}

const watched = new WeakSet<Db>();

/**
 * How many changes to business rows (see BUSINESS_TABLES) the database has committed: equal
 * counts = nothing changed in between. The first call on a database adds the triggers that
 * count them.
 */
export async function businessChanges(db: Db): Promise<number> {
  if (!watched.has(db)) {
    await sql.raw(changeTriggersSql()).execute(db);
    watched.add(db);
  }
  const result = await sql<{ changes: string }>`
    SELECT count(*) AS changes FROM reliability_changes`.execute(db);
  return Number(result.rows[0]?.changes ?? 0);
}

import { describe, expect, it } from 'vitest';
import { manualClock } from '../seams.js';
import { bearerOf, CONNECTION_TOKEN_TTL_MS, connectionTokens } from './tickets.js';

const secret = Buffer.alloc(32, 7);
const claims = (expiresAt: number) => ({ c: 'conn-1', u: '42', s: 'session-1', e: expiresAt });

describe('connection tokens', () => {
  it('verify what they signed until the expiry, and nothing from then on', () => {
    const clock = manualClock(new Date(1_000_000));
    const tokens = connectionTokens(secret, clock);
    const token = tokens.sign(claims(1_000_000 + CONNECTION_TOKEN_TTL_MS));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.verify(token)).toEqual(claims(1_000_000 + CONNECTION_TOKEN_TTL_MS));
    clock.advance(CONNECTION_TOKEN_TTL_MS - 1);
    expect(tokens.verify(token)?.c).toBe('conn-1');
    clock.advance(1);
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuse a token of another secret, a changed body or mac, and what is no token', () => {
    const clock = manualClock(new Date(0));
    const tokens = connectionTokens(secret, clock);
    const token = tokens.sign(claims(60_000));
    const [body = '', mac = ''] = token.split('.');
    expect(connectionTokens(Buffer.alloc(32, 8), clock).verify(token)).toBeUndefined();
    // Another user in a body signed for someone else: the MAC no longer matches.
    const forged = Buffer.from(JSON.stringify({ ...claims(60_000), u: '43' })).toString(
      'base64url',
    );
    expect(tokens.verify(`${forged}.${mac}`)).toBeUndefined();
    expect(tokens.verify(`${body}.${mac.slice(0, -2)}`)).toBeUndefined();
    expect(tokens.verify(`${body}.`)).toBeUndefined();
    expect(tokens.verify(body)).toBeUndefined();
    expect(tokens.verify('')).toBeUndefined();
    expect(tokens.verify(null)).toBeUndefined();
  });
});

describe('bearerOf', () => {
  it('takes the token of a Bearer header only', () => {
    expect(bearerOf('Bearer abc.def')).toBe('abc.def');
    expect(bearerOf('bearer   abc')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeUndefined();
    expect(bearerOf('Bearer a b')).toBeUndefined();
    expect(bearerOf(undefined)).toBeUndefined();
  });
});

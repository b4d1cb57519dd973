import { Secret, TOTP } from 'otpauth';
import type { Random } from '../../seams.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD_S = 30;
const ISSUER = 'Backlay';

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit TOTP secret in base32, from the server's randomness. */
export const newTotpSecret = (random: Random): string =>
  new Secret({ buffer: new Uint8Array(random.bytes(20)).buffer }).base32;

/** The `otpauth://` URI an authenticator app scans (or takes typed) to enrol the secret. */
export const totpUri = (secretBase32: string, username: string): string =>
  totpOf(secretBase32, username).toString();

/** The code of `secretBase32` at `at` (tests, and the CLI's first-login hint). */
export const totpCode = (secretBase32: string, at: Date): string =>
  totpOf(secretBase32, '').generate({ timestamp: at.getTime() });

/**
 * The 30-second step a code belongs to when it is the code of `at`'s step or of one step either
 * side (a phone's clock a little off); null when it is none of them. The caller refuses a step
 * at or before the last one accepted, so that a code works once.
 */
export function totpStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpOf(secretBase32, '').validate({
    token: code,
    timestamp: at.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD_S) + delta;
}

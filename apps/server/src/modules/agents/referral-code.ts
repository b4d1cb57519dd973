import type { Random } from '../../seams.js';

/*
 * A user's referral code (docs/agents.md#sign-up): eight characters a visitor types from a
 * message or reads out on the phone, of an alphabet without look-alikes (no 0, 1, I, L or O).
 * Migration 0021 draws the existing users' codes from the same alphabet.
 */

export const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_LENGTH = 8;

const CODE = new RegExp(`^[${REFERRAL_ALPHABET}]{${REFERRAL_LENGTH}}$`);

/** The largest multiple of the alphabet's size a byte can hold: bytes above it are drawn again. */
const FAIR_BELOW = 256 - (256 % REFERRAL_ALPHABET.length);

/** A new code, each character drawn evenly from the alphabet. */
export function newReferralCode(random: Random): string {
  let code = '';
  while (code.length < REFERRAL_LENGTH) {
    for (const byte of random.bytes(REFERRAL_LENGTH)) {
      if (byte >= FAIR_BELOW || code.length === REFERRAL_LENGTH) continue;
      code += REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length];
    }
  }
  return code;
}

/**
 * A code as a visitor typed it, as stored: upper case, without spaces or dashes; undefined when
 * it cannot be anyone's code.
 */
export function normalReferralCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : undefined;
}

import { describe, expect, it } from 'vitest';
import type { Random } from '../../seams.js';
import {
  newReferralCode,
  normalReferralCode,
  REFERRAL_ALPHABET,
  REFERRAL_LENGTH,
} from './referral-code.js';

/* Referral codes (docs/agents.md#sign-up): drawn evenly from an alphabet without look-alikes, and
 * read back as a visitor types them. */

/** A Random whose bytes are `bytes`, in order, again and again. */
const bytesOf = (bytes: readonly number[]): Random => {
  let next = 0;
  return {
    bytes: (size) =>
      Buffer.from(Array.from({ length: size }, () => bytes[next++ % bytes.length] ?? 0)),
    uuid: () => 'unused',
  };
};

describe('referral codes', () => {
  it('has no look-alikes in its alphabet', () => {
    expect(REFERRAL_ALPHABET).toHaveLength(31);
    for (const lookAlike of ['0', '1', 'I', 'L', 'O'])
      expect(REFERRAL_ALPHABET).not.toContain(lookAlike);
  });

  it('draws each character from a byte, skipping the bytes that would favour the first ones', () => {
    // 248 = 8 × 31 and above are drawn again; 31 is the alphabet's first character again.
    expect(newReferralCode(bytesOf([0, 248, 30, 255, 31, 1, 2, 3, 4, 5, 6]))).toBe('2Z234567');
    const code = newReferralCode(bytesOf([7, 100, 200, 13]));
    expect(code).toHaveLength(REFERRAL_LENGTH);
    expect(normalReferralCode(code)).toBe(code);
  });

  it('reads a code typed in lower case, with spaces or dashes, and nothing else', () => {
    expect(normalReferralCode(' ab2c-3d 4e ')).toBe('AB2C3D4E');
    for (const typed of ['', 'AB2C3D4', 'AB2C3D4EF', 'AB2C3D4O', 'AB2C3D41', 'AB2C3D4É'])
      expect(normalReferralCode(typed)).toBeUndefined();
  });
});

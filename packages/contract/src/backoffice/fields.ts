/**
 * Fields several back-office routes share: an operator's reason for a void or rollback, and a
 * page of a list (`skip`, `take`).
 */
import { z } from 'zod';

export const reason = z
  .string()
  .max(200)
  .refine((text) => text.trim().length >= 3, { message: 'Give a reason of at least 3 characters' });

export const skip = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .optional();
export const take = z
  .string()
  .regex(/^([1-9]\d?|100)$/, 'must be 1–100')
  .optional();

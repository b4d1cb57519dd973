/**
 * Fields several ops routes share: a username, and an event, market and fancy session as their
 * ids are written (docs/decisions.md#identifiers), and whole rupees.
 */
import { z } from 'zod';

export const username = z
  .string()
  .regex(
    /^[A-Za-z0-9_.-]{3,32}$/,
    'username must be 3–32 letters, digits, dots, dashes or underscores',
  );

export const eventId = z.number().int().positive();
export const marketId = z
  .string()
  .regex(
    /^(1\.\d+|\d+(B|T|TM|CM|OU15|OU25|OU35|SW[1-5]))$/,
    'marketId must be 1.<EventId>, or <EventId> and B, T, TM, CM, OU15, OU25, OU35 or SW<set>',
  );
export const fancySelectionId = z.string().regex(/^\d+-\d+$/, 'selectionId must be <EventId>-<n>');
export const wholeRupees = z.number().int().positive();

import { z } from 'zod';
import { refusal, success } from '../common.js';

/**
 * The back office's answers (docs/agents.md#controls): the envelope, whose refusal names the
 * field it is about when it is about one (`field`: a body field of the request), so that a form
 * shows it beside that field rather than guess it from the words.
 */
export function refusalNaming<F extends z.ZodType<string>>(field: F) {
  return refusal.extend({ field: field.optional() });
}

export function answer<T extends z.ZodType>(result: T) {
  return z.union([success(result), refusalNaming(z.string())]);
}

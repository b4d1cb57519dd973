import type { Refusal } from '@backlay/contract/common';
import { ApiError } from '../../../lib/api';

/** A list's refusal (`Status: false`) becomes the query's error, with its message. */
export function answered<T extends { readonly Status: true }>(answer: T | Refusal): T {
  if (!answer.Status) throw new ApiError(200, answer.Result);
  return answer;
}

/** Errors outside the SPEC §8 catalogue are logged, never toasted. */
export function logError(context: string, error: unknown): void {
  console.warn(`[backlay] ${context}:`, error);
}

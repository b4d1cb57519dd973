/** Errors outside the docs/product.md#errors catalogue are logged, never toasted. */
export function logError(context: string, error: unknown): void {
  console.warn(`[backlay] ${context}:`, error);
}

import type { QueryClient } from '@tanstack/react-query';

/**
 * Answers that belong to the host rather than to the logged-in client (the site's brand and
 * links) carry this meta and survive a logout, so the brand does not flicker back to the default.
 */
export const HOST_SCOPED = { hostScoped: true } as const;

/** Forgets every answer of the session that ended: all queries but host-scoped ones, all mutations. */
export function clearSessionCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.hostScoped !== true });
  queryClient.getMutationCache().clear();
}

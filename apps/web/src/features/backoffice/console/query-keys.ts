import { backofficeKeys } from '../query-keys';

/**
 * The agents' console's reads, under the back office's keys (docs/conventions.md#query-keys):
 * general → specific, so one invalidation refreshes every read below a level.
 */
export const consoleKeys = {
  all: [...backofficeKeys.all, 'console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  downlines: () => [...consoleKeys.all, 'downline'] as const,
  downline: (query: object) => [...consoleKeys.downlines(), query] as const,
  book: () => [...consoleKeys.all, 'book'] as const,
  bookUsers: (query: object) => [...consoleKeys.book(), 'users', query] as const,
  bets: (query: object) => [...consoleKeys.all, 'bets', query] as const,
  pl: (query: object) => [...consoleKeys.all, 'pl', query] as const,
  plByUser: (query: object) => [...consoleKeys.all, 'pl-by-user', query] as const,
  statement: (query: object) => [...consoleKeys.all, 'statement', query] as const,
  commission: (query: object) => [...consoleKeys.all, 'commission', query] as const,
  requests: () => [...consoleKeys.all, 'requests'] as const,
};

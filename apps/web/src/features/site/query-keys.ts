/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const siteKeys = {
  all: ['site'] as const,
  config: () => [...siteKeys.all, 'config'] as const,
};

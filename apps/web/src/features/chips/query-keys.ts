/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const chipKeys = {
  all: ['chips'] as const,
  settings: () => [...chipKeys.all, 'settings'] as const,
};

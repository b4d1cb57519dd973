/** General → specific, so invalidation can target any level (STYLE). */
export const chipKeys = {
  all: ['chips'] as const,
  settings: () => [...chipKeys.all, 'settings'] as const,
};

/** General → specific, so invalidation can target any level (STYLE). */
export const siteKeys = {
  all: ['site'] as const,
  config: () => [...siteKeys.all, 'config'] as const,
};

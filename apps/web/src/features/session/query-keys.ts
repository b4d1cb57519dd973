export const sessionKeys = {
  all: ['session'] as const,
  check: () => [...sessionKeys.all, 'check'] as const,
};

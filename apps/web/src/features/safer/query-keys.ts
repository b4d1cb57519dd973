/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const saferKeys = {
  all: ['safer'] as const,
  settings: () => [...saferKeys.all, 'settings'] as const,
  /** The reality check's figures, asked afresh for each check (its due time, epoch ms). */
  session: (dueAt: number) => [...saferKeys.all, 'session', dueAt] as const,
};

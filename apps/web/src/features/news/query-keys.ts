export const newsKeys = {
  all: ['news'] as const,
  ticker: () => [...newsKeys.all, 'ticker'] as const,
  public: () => [...newsKeys.all, 'public'] as const,
  list: () => [...newsKeys.all, 'list'] as const,
};

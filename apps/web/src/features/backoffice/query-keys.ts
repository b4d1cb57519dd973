/** General → specific, so invalidation can target any level (docs/conventions.md#query-keys). */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  operator: () => [...backofficeKeys.all, 'operator'] as const,
  risk: () => [...backofficeKeys.all, 'risk'] as const,
  events: () => [...backofficeKeys.all, 'events'] as const,
  clients: () => [...backofficeKeys.all, 'clients'] as const,
  clientList: (query: object) => [...backofficeKeys.clients(), 'list', query] as const,
  client: (clientId: string) => [...backofficeKeys.clients(), 'detail', clientId] as const,
  matka: () => [...backofficeKeys.all, 'matka'] as const,
  casinoRounds: () => [...backofficeKeys.all, 'casino-rounds'] as const,
  audits: () => [...backofficeKeys.all, 'audit'] as const,
  audit: (query: object) => [...backofficeKeys.audits(), query] as const,
};

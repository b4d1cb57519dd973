import type { OperatorRole } from '@backlay/contract/backoffice';

/** The back office's screens, in the order of its nav. */
export type BackofficeSection = 'risk' | 'markets' | 'clients' | 'matkaCasino' | 'news' | 'audit';

/**
 * Who may use each screen: the roles the contract gives its endpoints
 * (`@backlay/contract/backoffice`): `admin` everything; `risk` the risk book, markets, matka and
 * casino; `support` the clients. The server refuses any other call whatever the nav shows.
 */
export const SECTIONS: readonly {
  readonly id: BackofficeSection;
  readonly label: string;
  readonly roles: readonly OperatorRole[];
}[] = [
  { id: 'risk', label: 'Risk', roles: ['admin', 'risk'] },
  { id: 'markets', label: 'Markets', roles: ['admin', 'risk'] },
  { id: 'clients', label: 'Clients', roles: ['admin', 'support'] },
  { id: 'matkaCasino', label: 'Matka & Casino', roles: ['admin', 'risk'] },
  { id: 'news', label: 'News', roles: ['admin'] },
  { id: 'audit', label: 'Audit', roles: ['admin'] },
];

export function sectionsFor(role: OperatorRole): readonly BackofficeSection[] {
  return SECTIONS.filter((section) => section.roles.includes(role)).map((section) => section.id);
}

export function mayUse(role: OperatorRole, section: BackofficeSection): boolean {
  return sectionsFor(role).includes(section);
}

/** Client actions that move money or change an account (credit, locks, passwords): admin only. */
export const mayManageClients = (role: OperatorRole): boolean => role === 'admin';

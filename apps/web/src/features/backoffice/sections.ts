import type { OperatorRole } from '@backlay/contract/backoffice';
import type { ShellLink } from './components/backoffice-shell';

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

/**
 * The screens of an agent's console (docs/backoffice.md#agent-console): every level above the
 * clients — the admin of the network included — has the same screens, each scoped by the server
 * to the user's own subtree (docs/agents.md#controls).
 */
export type AgentSection =
  'downline' | 'analysis' | 'bets' | 'pl' | 'statement' | 'commission' | 'requests';

export const AGENT_SECTIONS: readonly { readonly id: AgentSection; readonly label: string }[] = [
  { id: 'downline', label: 'Downline' },
  { id: 'analysis', label: 'Market analysis' },
  { id: 'bets', label: 'Current bets' },
  { id: 'pl', label: 'P/L' },
  { id: 'statement', label: 'Statement' },
  { id: 'commission', label: 'Commission' },
  { id: 'requests', label: 'Sign-up requests' },
];

/** How a level is written on screen. */
export const LEVEL_LABELS = {
  admin: 'Admin',
  supermaster: 'Super master',
  master: 'Master',
  agent: 'Agent',
  client: 'Client',
} as const;

/** The nav of an operator of `role`: the screens it may use, Risk (the index) marked by its own path. */
export const operatorLinks = (
  role: OperatorRole,
  hrefs: Readonly<Record<BackofficeSection, string>>,
): ShellLink[] =>
  SECTIONS.filter((section) => section.roles.includes(role)).map((section) => ({
    label: section.label,
    href: hrefs[section.id],
    end: section.id === 'risk',
  }));

/** The nav of an agent's console. */
export const agentLinks = (hrefs: Readonly<Record<AgentSection, string>>): ShellLink[] =>
  AGENT_SECTIONS.map((section) => ({ label: section.label, href: hrefs[section.id] }));

import type { OperatorRole } from '@backlay/contract/backoffice';
import {
  sectionsFor,
  type AgentSection,
  type BackofficeSection,
} from '../../features/backoffice/sections';
import { isAgentLogin, type BackofficeLogin } from '../../features/backoffice/session';
import { paths } from '../paths';

/* Where each back-office screen is, and where each login lands (app/routes/backoffice*.tsx). */

export const SECTION_HREFS: Readonly<Record<BackofficeSection, string>> = {
  risk: paths.backoffice.href(),
  markets: paths.backofficeMarkets.href(),
  clients: paths.backofficeClients.href(),
  matkaCasino: paths.backofficeMatkaCasino.href(),
  news: paths.backofficeNews.href(),
  audit: paths.backofficeAudit.href(),
};

export const AGENT_HREFS: Readonly<Record<AgentSection, string>> = {
  downline: paths.agentDownline.href(),
  analysis: paths.agentAnalysis.href(),
  bets: paths.agentBets.href(),
  pl: paths.agentPl.href(),
  statement: paths.agentStatement.href(),
  commission: paths.agentCommission.href(),
  requests: paths.agentRequests.href(),
};

/** Where an operator lands: the first screen their role may use. */
const operatorHome = (role: OperatorRole) => SECTION_HREFS[sectionsFor(role)[0] ?? 'risk'];

/** Where a login lands: an operator's first screen, an agent's downline. */
export const homeOf = (login: BackofficeLogin) =>
  isAgentLogin(login) ? paths.agentDownline.href() : operatorHome(login.role);

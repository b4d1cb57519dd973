import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { logOutOperator } from '../../features/backoffice/api/log-out';
import { useOperator } from '../../features/backoffice/api/get-operator';
import { AuditLog } from '../../features/backoffice/components/audit-log';
import { BackofficeShell } from '../../features/backoffice/components/backoffice-shell';
import { ClientDetail } from '../../features/backoffice/components/client-detail';
import { ClientsList } from '../../features/backoffice/components/clients-list';
import { MarketsBoard } from '../../features/backoffice/components/markets-board';
import { MatkaCasino } from '../../features/backoffice/components/matka-casino';
import { NewsForm } from '../../features/backoffice/components/news-form';
import { OperatorLoginScreen } from '../../features/backoffice/components/operator-login-form';
import { LiveRiskBoard } from '../../features/backoffice/components/risk-board';
import { backofficeKeys } from '../../features/backoffice/query-keys';
import {
  agentLinks,
  LEVEL_LABELS,
  mayManageClients,
  mayUse,
  operatorLinks,
  type BackofficeSection,
} from '../../features/backoffice/sections';
import {
  clearBackofficeLogin,
  isAgentLogin,
  storeOperatorLogin,
  useAgentLogin,
  useBackofficeLogin,
  useOperatorLogin,
  type AgentLogin,
  type OperatorLogin,
} from '../../features/backoffice/session';
import { useAgentMe } from '../../features/backoffice/console/api/get-me';
import { logOutAgent } from '../../features/backoffice/console/api/log-out';
import { Toasts } from '../layout/toasts';
import { paths, SPORTS } from '../paths';
import { AGENT_HREFS, homeOf, SECTION_HREFS } from './backoffice-homes';

/**
 * The back office: its login, its frames (an operator's, an agent's) and the house staff's
 * screens live in this module, the agents' console's screens in `backoffice-console.tsx`; the
 * router loads both lazily, so no client screen loads them (docs/architecture.md, "The client's
 * weight"). It has its own login (never the client's) and its own frame.
 */

/** Operators read a refusal before it goes: longer than the client's 2 s toasts. */
const OPERATOR_TOAST_MS = 6000;

/** `/backoffice` and below: the screens and the toasts they raise. */
export function BackofficeRoot() {
  return (
    <>
      <Outlet />
      <Toasts
        position="bottom-right"
        duration={OPERATOR_TOAST_MS}
        offset={undefined}
        mobileOffset={undefined}
      />
    </>
  );
}

/** `/backoffice/login`: the back office's login; a user already logged in goes to their home. */
export function BackofficeLoginPage() {
  const login = useBackofficeLogin();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whatever an earlier operator's screens loaded goes with their session.
  useEffect(() => {
    queryClient.removeQueries({ queryKey: backofficeKeys.all });
  }, [queryClient]);
  if (login) return <Navigate to={homeOf(login)} replace />;
  return (
    <OperatorLoginScreen onLoggedIn={(user) => void navigate(homeOf(user), { replace: true })} />
  );
}

/** The frame of every other screen: an operator's or an agent's, else the login page. */
export function BackofficeLayout() {
  const login = useBackofficeLogin();
  if (!login) return <Navigate to={paths.backofficeLogin.href()} replace />;
  return isAgentLogin(login) ? <AgentFrame login={login} /> : <OperatorFrame login={login} />;
}

function OperatorFrame({ login }: { login: OperatorLogin }) {
  const navigate = useNavigate();
  const me = useOperator();
  const [isLoggingOut, setLoggingOut] = useState(false);
  // The server's word on who this is wins: a role changed since the login takes effect at once.
  useEffect(() => {
    const { username, role } = me.data ?? login;
    if (username !== login.username || role !== login.role)
      storeOperatorLogin({ ...login, username, role });
  }, [me.data, login]);
  const logOut = async () => {
    setLoggingOut(true);
    // The session ends here whatever the server answers; it ends there too when it can.
    await logOutOperator().catch(() => undefined);
    clearBackofficeLogin();
    void navigate(paths.backofficeLogin.href(), { replace: true });
  };
  return (
    <BackofficeShell
      username={login.username}
      badge={{ label: 'Role', value: login.role }}
      links={operatorLinks(login.role, SECTION_HREFS)}
      isLoggingOut={isLoggingOut}
      onLogOut={() => void logOut()}
    >
      <Outlet />
    </BackofficeShell>
  );
}

/**
 * An agent's frame: the console's nav. Until the agent has set a transaction password (its first
 * login) every screen sends it to set one: no money moves without it (docs/agents.md#controls).
 */
function AgentFrame({ login }: { login: AgentLogin }) {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useAgentMe();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logOut = async () => {
    setLoggingOut(true);
    await logOutAgent().catch(() => undefined);
    clearBackofficeLogin();
    void navigate(paths.backofficeLogin.href(), { replace: true });
  };
  const mustSetPassword =
    me.data?.needsTransactionPassword === true &&
    location.pathname !== paths.agentTransactionPassword.href();
  return (
    <BackofficeShell
      username={login.username}
      badge={{ label: 'Level', value: LEVEL_LABELS[me.data?.level ?? login.level] }}
      links={agentLinks(AGENT_HREFS)}
      isLoggingOut={isLoggingOut}
      onLogOut={() => void logOut()}
    >
      {mustSetPassword ? (
        <Navigate to={paths.agentTransactionPassword.href()} replace />
      ) : (
        <Outlet />
      )}
    </BackofficeShell>
  );
}

/** A screen the operator's role may use; any other (or an agent) goes to their home. */
function Section({ section, children }: { section: BackofficeSection; children: ReactNode }) {
  const login = useBackofficeLogin();
  if (!login) return null;
  if (isAgentLogin(login) || !mayUse(login.role, section))
    return <Navigate to={homeOf(login)} replace />;
  return children;
}

/** `/backoffice`: the risk book for an operator, the downline for an agent. */
export function BackofficeIndex() {
  const agent = useAgentLogin();
  if (agent) return <Navigate to={paths.agentDownline.href()} replace />;
  return <RiskPage />;
}

export function RiskPage() {
  const login = useOperatorLogin();
  const canSeeClients = login !== null && mayUse(login.role, 'clients');
  return (
    <Section section="risk">
      <LiveRiskBoard
        sports={SPORTS}
        clientHref={canSeeClients ? paths.backofficeClient.href : undefined}
      />
    </Section>
  );
}

export function MarketsPage() {
  return (
    <Section section="markets">
      <MarketsBoard />
    </Section>
  );
}

export function ClientsPage() {
  const login = useOperatorLogin();
  return (
    <Section section="clients">
      <ClientsList
        clientHref={paths.backofficeClient.href}
        mayCreate={login !== null && mayManageClients(login.role)}
      />
    </Section>
  );
}

export function ClientPage() {
  const login = useOperatorLogin();
  const { clientId = '' } = useParams();
  return (
    <Section section="clients">
      <ClientDetail
        key={clientId}
        clientId={clientId}
        mayManage={login !== null && mayManageClients(login.role)}
        listHref={paths.backofficeClients.href()}
      />
    </Section>
  );
}

export function MatkaCasinoPage() {
  return (
    <Section section="matkaCasino">
      <MatkaCasino />
    </Section>
  );
}

export function NewsPage() {
  return (
    <Section section="news">
      <NewsForm />
    </Section>
  );
}

export function AuditPage() {
  return (
    <Section section="audit">
      <AuditLog />
    </Section>
  );
}

/** Any other path under /backoffice: the user's home (or the login). */
export function BackofficeFallback() {
  const login = useBackofficeLogin();
  return <Navigate to={login ? homeOf(login) : paths.backofficeLogin.href()} replace />;
}

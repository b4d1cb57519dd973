import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { Toaster } from 'sonner';
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
  mayManageClients,
  mayUse,
  sectionsFor,
  type BackofficeSection,
} from '../../features/backoffice/sections';
import {
  clearOperatorLogin,
  storeOperatorLogin,
  useOperatorLogin,
  type OperatorLogin,
} from '../../features/backoffice/session';
import type { OperatorRole } from '@backlay/contract/backoffice';
import { READABLE_COLOURS } from '../layout/toast-colours';
import { paths, SPORTS } from '../paths';

/**
 * The operators' back office: every screen of it lives in this module, which the router loads
 * lazily, so it is one chunk of its own that no client screen loads (docs/architecture.md, "The
 * client's weight"). It has its own login (the operator's, never the client's) and its own frame.
 */

const SECTION_HREFS: Readonly<Record<BackofficeSection, string>> = {
  risk: paths.backoffice.href(),
  markets: paths.backofficeMarkets.href(),
  clients: paths.backofficeClients.href(),
  matkaCasino: paths.backofficeMatkaCasino.href(),
  news: paths.backofficeNews.href(),
  audit: paths.backofficeAudit.href(),
};

/** Where an operator lands: the first screen their role may use. */
const homeOf = (role: OperatorRole) => SECTION_HREFS[sectionsFor(role)[0] ?? 'risk'];

/** Operators read a refusal before it goes: longer than the client's 2 s toasts. */
const OPERATOR_TOAST_MS = 6000;

/** `/backoffice` and below: the screens and the toasts they raise. */
export function BackofficeRoot() {
  return (
    <>
      <Outlet />
      <Toaster
        position="top-right"
        duration={OPERATOR_TOAST_MS}
        richColors
        closeButton
        style={READABLE_COLOURS}
      />
    </>
  );
}

/** `/backoffice/login`: the operator's login; an operator already logged in goes to their home. */
export function BackofficeLoginPage() {
  const login = useOperatorLogin();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whatever an earlier operator's screens loaded goes with their session.
  useEffect(() => {
    queryClient.removeQueries({ queryKey: backofficeKeys.all });
  }, [queryClient]);
  if (login) return <Navigate to={homeOf(login.role)} replace />;
  return (
    <OperatorLoginScreen
      onLoggedIn={(operator) => void navigate(homeOf(operator.role), { replace: true })}
    />
  );
}

/** The frame of every other screen: only for a logged-in operator, else their login page. */
export function BackofficeLayout() {
  const login = useOperatorLogin();
  if (!login) return <Navigate to={paths.backofficeLogin.href()} replace />;
  return <OperatorFrame login={login} />;
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
    clearOperatorLogin();
    void navigate(paths.backofficeLogin.href(), { replace: true });
  };
  return (
    <BackofficeShell
      username={login.username}
      role={login.role}
      hrefs={SECTION_HREFS}
      isLoggingOut={isLoggingOut}
      onLogOut={() => void logOut()}
    >
      <Outlet />
    </BackofficeShell>
  );
}

/** A screen the operator's role may use; any other sends them to their home. */
function Section({ section, children }: { section: BackofficeSection; children: ReactNode }) {
  const login = useOperatorLogin();
  if (!login) return null;
  if (!mayUse(login.role, section)) return <Navigate to={homeOf(login.role)} replace />;
  return children;
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

/** Any other path under /backoffice: the operator's home (or their login). */
export function BackofficeFallback() {
  const login = useOperatorLogin();
  return <Navigate to={login ? homeOf(login.role) : paths.backofficeLogin.href()} replace />;
}

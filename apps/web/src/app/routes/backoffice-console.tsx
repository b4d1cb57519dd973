import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { AgentStatement } from '../../features/backoffice/console/components/agent-statement';
import { CommissionReport } from '../../features/backoffice/console/components/commission-report';
import { CreateUserForm } from '../../features/backoffice/console/components/create-user-form';
import { CurrentBets } from '../../features/backoffice/console/components/current-bets';
import { Downline } from '../../features/backoffice/console/components/downline';
import { MarketAnalysis } from '../../features/backoffice/console/components/market-analysis';
import { MarketUsers } from '../../features/backoffice/console/components/market-users';
import { ProfitLoss } from '../../features/backoffice/console/components/profit-loss';
import { SignupRequests } from '../../features/backoffice/console/components/signup-requests';
import { TransactionPasswordForm } from '../../features/backoffice/console/components/transaction-password-form';
import { isAgentLogin, useBackofficeLogin } from '../../features/backoffice/session';
import { paths } from '../paths';
import { homeOf } from './backoffice-homes';

/**
 * The agents' console (docs/backoffice.md#agent-console): the screens of a user above the clients,
 * inside the back office's agent frame (backoffice.tsx); a chunk of its own that the router loads
 * lazily.
 */

/** A console screen: an agent's only; an operator goes to their home. */
function ConsoleScreen({ children }: { children: ReactNode }) {
  const login = useBackofficeLogin();
  if (!login) return null;
  if (!isAgentLogin(login)) return <Navigate to={homeOf(login)} replace />;
  return children;
}

const userHref = paths.agentUser.href;
const statementHref = (username: string) => paths.agentStatement.href(username);

export function DownlinePage() {
  const { username } = useParams();
  return (
    <ConsoleScreen>
      <Downline
        key={username ?? ''}
        parent={username}
        userHref={userHref}
        topHref={paths.agentDownline.href()}
        statementHref={statementHref}
        createHref={paths.agentCreateUser.href()}
      />
    </ConsoleScreen>
  );
}

export function CreateUserPage() {
  const navigate = useNavigate();
  return (
    <ConsoleScreen>
      <CreateUserForm onCreated={() => void navigate(paths.agentDownline.href())} />
    </ConsoleScreen>
  );
}

export function AnalysisPage() {
  return (
    <ConsoleScreen>
      <MarketAnalysis marketHref={(marketId) => paths.agentAnalysisMarket.href(marketId)} />
    </ConsoleScreen>
  );
}

export function AnalysisMarketPage() {
  const { marketId = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <ConsoleScreen>
      <MarketUsers
        key={`${marketId} ${search.get('parent') ?? ''}`}
        marketId={marketId}
        parent={search.get('parent') ?? undefined}
        drillHref={(parent) => paths.agentAnalysisMarket.href(marketId, parent)}
        backHref={paths.agentAnalysis.href()}
      />
    </ConsoleScreen>
  );
}

export function AgentBetsPage() {
  return (
    <ConsoleScreen>
      <CurrentBets />
    </ConsoleScreen>
  );
}

export function AgentPlPage() {
  return (
    <ConsoleScreen>
      <ProfitLoss userHref={userHref} />
    </ConsoleScreen>
  );
}

export function AgentStatementPage() {
  const { username } = useParams();
  return (
    <ConsoleScreen>
      <AgentStatement key={username ?? ''} username={username} />
    </ConsoleScreen>
  );
}

export function AgentCommissionPage() {
  return (
    <ConsoleScreen>
      <CommissionReport />
    </ConsoleScreen>
  );
}

export function SignupRequestsPage() {
  return (
    <ConsoleScreen>
      <SignupRequests />
    </ConsoleScreen>
  );
}

export function TransactionPasswordPage() {
  const navigate = useNavigate();
  return (
    <ConsoleScreen>
      <TransactionPasswordForm onDone={() => void navigate(paths.agentDownline.href())} />
    </ConsoleScreen>
  );
}

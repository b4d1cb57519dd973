import type { ExclusionPeriod } from '@backlay/contract/safer';
import { useCallback } from 'react';
import { SaferBetting } from '../../features/safer/components/safer-betting';
import { exclusionEndReason } from '../../features/safer/limits';
import { useLogout } from '../../features/session/hooks/use-logout';
import { noteSessionEnd } from '../../features/session/stores/logged-out-notice';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { paths } from '../paths';
import styles from './pages.module.css';

const NO_LINKS: never[] = [];

/**
 * `/safer-betting`: the client's limits, reality check, time-out and self-exclusion, with the
 * brand's awareness links. A time-out or self-exclusion ends every session of the client on the
 * server; here it logs out (nothing left to revoke) to /login, which says why and until when.
 */
export function SaferBettingPage() {
  const awareness = useSiteConfig()?.awareness ?? NO_LINKS;
  const logout = useLogout(paths.login.href());
  const onExcluded = useCallback(
    (period: ExclusionPeriod, message: string) => {
      noteSessionEnd(exclusionEndReason(period), message);
      void logout({ revoke: false });
    },
    [logout],
  );
  return (
    <section className={styles.screen}>
      <h1 className={styles.screenTitle}>Safer betting</h1>
      <SaferBetting awareness={awareness} onExcluded={onExcluded} />
    </section>
  );
}

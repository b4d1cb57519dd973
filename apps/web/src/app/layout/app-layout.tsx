import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { NewsTicker } from '../../features/news/components/news-ticker';
import { RulesOnEntry } from '../../features/rules/components/rules-on-entry';
import { RealityCheck } from '../../features/safer/components/reality-check';
import { useLogout } from '../../features/session/hooks/use-logout';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { PageFooter } from '../../features/site/components/page-footer';
import { PRICE_STALE_MS, PriceWindowContext } from '../../lib/price-freshness';
import { HubProvider } from '../hub';
import { paths } from '../paths';
import { useSaferFollowsBalance } from '../safer-refresh';
import { ConnectionBanner } from './connection-banner';
import { FooterMenu } from './footer-menu';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { Toasts } from './toasts';
import styles from './app-layout.module.css';

/** docs/product.md#screens: at 768 px wide or less the sidebar hides until toggled and the footer menu shows. */
export const MOBILE_QUERY = '(max-width: 768px)';

const isMobile = () => window.matchMedia(MOBILE_QUERY).matches;

/**
 * The logged-in frame, with the hub connection of the session (so only a logged-in user loads
 * SignalR) and the toasts: fixed header, the connection banner while the link is lost, news ticker,
 * sidebar, content, the page footer, and the footer menu on small screens; the rules modal on
 * first entry (docs/product.md#screens); the reality check at the client's interval (docs/safer-gambling.md).
 * Prices grey out at the server's freshness window (site config).
 */
export function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(() => !isMobile());
  const logout = useLogout(paths.login.href());
  const logOut = useCallback(() => void logout(), [logout]);
  const staleSeconds = useSiteConfig()?.priceStaleSeconds;
  useSaferFollowsBalance();
  const closeOnMobile = () => {
    if (isMobile()) setSidebarOpen(false);
  };
  return (
    <HubProvider>
      <PriceWindowContext.Provider
        value={staleSeconds === undefined ? PRICE_STALE_MS : staleSeconds * 1000}
      >
        <div className={styles.shell} data-sidebar={sidebarOpen ? 'open' : 'closed'}>
          <Header onToggleSidebar={() => setSidebarOpen((open) => !open)} onLogout={logOut} />
          <div className={styles.ticker}>
            <ConnectionBanner />
            <NewsTicker />
          </div>
          <div className={styles.body}>
            <Sidebar
              open={sidebarOpen}
              onNavigate={closeOnMobile}
              onClose={() => setSidebarOpen(false)}
            />
            <main className={styles.content}>
              <Outlet />
            </main>
          </div>
          <PageFooter />
          <FooterMenu onSports={() => setSidebarOpen(true)} onLogout={logOut} />
          <RulesOnEntry />
          <RealityCheck onLogout={logOut} />
          <Toasts />
        </div>
      </PriceWindowContext.Provider>
    </HubProvider>
  );
}

import { useState } from 'react';
import { Outlet } from 'react-router';
import { NewsTicker } from '../../features/news/components/news-ticker';
import { useLogout } from '../../features/session/hooks/use-logout';
import { paths } from '../paths';
import { FooterMenu } from './footer-menu';
import { Header } from './header';
import { Sidebar } from './sidebar';
import styles from './app-layout.module.css';

/** SPEC §2: at 768 px wide or less the sidebar hides until toggled and the footer menu shows. */
export const MOBILE_QUERY = '(max-width: 768px)';

const isMobile = () => window.matchMedia(MOBILE_QUERY).matches;

/** The logged-in frame: fixed header, news ticker, sidebar, content, footer menu on small screens. */
export function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(() => !isMobile());
  const logout = useLogout(paths.login.href());
  const closeOnMobile = () => {
    if (isMobile()) setSidebarOpen(false);
  };
  return (
    <div className={styles.shell} data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <Header
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        onLogout={() => void logout()}
      />
      <div className={styles.ticker}>
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
      <FooterMenu onSports={() => setSidebarOpen(true)} onLogout={() => void logout()} />
    </div>
  );
}

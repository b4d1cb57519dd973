import type { OperatorRole } from '@backlay/contract/backoffice';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { SECTIONS, type BackofficeSection } from '../sections';
import styles from './backoffice-shell.module.css';

/**
 * The operators' frame: a top bar with the operator's username and role and Log out, and a nav of
 * the screens their role may use (`sections.ts`) — a sidebar on a desktop, a strip that scrolls
 * sideways on a phone. The app gives the links (features know no route).
 */
export function BackofficeShell({
  username,
  role,
  hrefs,
  onLogOut,
  isLoggingOut = false,
  children,
}: {
  username: string;
  role: OperatorRole;
  hrefs: Readonly<Record<BackofficeSection, string>>;
  onLogOut: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
}) {
  const sections = SECTIONS.filter((section) => section.roles.includes(role));
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <span className={styles.product}>Back office</span>
        <span className={styles.operator}>
          <span className={styles.username}>{username}</span>
          <span className={styles.role}>
            <span className={styles.hidden}>Role: </span>
            {role}
          </span>
        </span>
        <button type="button" className={styles.logOut} onClick={onLogOut} disabled={isLoggingOut}>
          Log out
        </button>
      </header>
      <nav className={styles.nav} aria-label="Back office">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <NavLink
                to={hrefs[section.id]}
                // Risk is the back office's index: only its own path marks it current.
                end={section.id === 'risk'}
                className={({ isActive }) => (isActive ? styles.active : undefined)}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>{children}</main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styles from './backoffice-shell.module.css';

/** One screen of the nav: its label and where it is (the app gives the hrefs). */
export interface ShellLink {
  readonly label: string;
  readonly href: string;
  /** Only its own path marks it current (the back office's index). */
  readonly end?: boolean;
}

/**
 * The back office's frame: a top bar with the user's name and what they are (an operator's role,
 * an agent's level) and Log out, and a nav of the screens they may use (`sections.ts`) — a
 * sidebar on a desktop, a strip that scrolls sideways on a phone. The app gives the links
 * (features know no route).
 */
export function BackofficeShell({
  username,
  badge,
  links,
  onLogOut,
  isLoggingOut = false,
  children,
}: {
  username: string;
  /** What the user is, read after the name: "Role: risk", "Level: master". */
  badge: { readonly label: string; readonly value: string };
  links: readonly ShellLink[];
  onLogOut: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <span className={styles.product}>Back office</span>
        <span className={styles.operator}>
          <span className={styles.username}>{username}</span>
          <span className={styles.role}>
            <span className={styles.hidden}>{badge.label}: </span>
            {badge.value}
          </span>
        </span>
        <button type="button" className={styles.logOut} onClick={onLogOut} disabled={isLoggingOut}>
          Log out
        </button>
      </header>
      <nav className={styles.nav} aria-label="Back office">
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <NavLink
                to={link.href}
                end={link.end ?? false}
                className={({ isActive }) => (isActive ? styles.active : undefined)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>{children}</main>
    </div>
  );
}

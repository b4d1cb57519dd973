import { NavLink } from 'react-router';
import { DEFAULT_BRAND } from '../../lib/brand';
import { Icon } from '../../ui/icons';
import { paths } from '../paths';
import styles from './footer-menu.module.css';

/** The bottom menu on screens 768 px wide or less (SPEC §2). */
export function FooterMenu({ onSports, onLogout }: { onSports: () => void; onLogout: () => void }) {
  return (
    <nav className={styles.footer} aria-label="Footer menu">
      <button type="button" onClick={onSports}>
        <Icon name="sports" />
        Sports
      </button>
      <NavLink to={paths.inplay.href()}>
        <Icon name="inplay" />
        Inplay
      </NavLink>
      <NavLink to={paths.home.href()} className={styles.home}>
        <Icon name="home" />
        Home
      </NavLink>
      <button type="button" onClick={onLogout}>
        <Icon name="logout" />
        Logout
      </button>
      <a href={DEFAULT_BRAND.supportUrl} target="_blank" rel="noreferrer noopener">
        <Icon name="chat" />
        Whatsapp support
      </a>
    </nav>
  );
}

import { NavLink } from 'react-router';
import { useSupportUrl } from '../../features/site/api/get-site-config';
import { Icon } from '../../ui/icons';
import { paths } from '../paths';
import styles from './footer-menu.module.css';

/** The bottom menu on screens 768 px wide or less (docs/product.md#screens). */
export function FooterMenu({ onSports, onLogout }: { onSports: () => void; onLogout: () => void }) {
  const supportUrl = useSupportUrl();
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
      <a href={supportUrl} target="_blank" rel="noreferrer noopener">
        <Icon name="chat" />
        Whatsapp support
      </a>
    </nav>
  );
}

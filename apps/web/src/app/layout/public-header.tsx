import { Link } from 'react-router';
import { DEFAULT_BRAND } from '../../lib/brand';
import { paths } from '../paths';
import styles from './header.module.css';

/** The visitor's header: logo and the Login button; no sidebar (SPEC §2). */
export function PublicHeader() {
  return (
    <header className={styles.header}>
      <Link to={paths.landing.href()} className={styles.logo} aria-label={DEFAULT_BRAND.name}>
        <span className={styles.logoImage} role="img" aria-label={DEFAULT_BRAND.name} />
      </Link>
      <div className={styles.actions}>
        <Link to={paths.signup.href()} className={styles.publicLink}>
          Sign up
        </Link>
        <Link to={paths.login.href()} className={styles.loginButton}>
          Login
        </Link>
      </div>
    </header>
  );
}

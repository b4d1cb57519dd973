import { Link } from 'react-router';
import { paths } from '../paths';
import { BrandLogo } from './brand-logo';
import styles from './header.module.css';

/** The visitor's header: logo and the Login button; no sidebar (docs/product.md#screens). */
export function PublicHeader() {
  return (
    <header className={styles.header}>
      <BrandLogo to={paths.landing.href()} />
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

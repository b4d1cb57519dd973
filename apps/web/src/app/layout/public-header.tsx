import { Link } from 'react-router';
import { useBrand } from '../../features/site/api/get-site-config';
import { paths } from '../paths';
import styles from './header.module.css';

/** The visitor's header: logo and the Login button; no sidebar (SPEC §2). */
export function PublicHeader() {
  const brand = useBrand();
  return (
    <header className={styles.header}>
      <Link to={paths.landing.href()} className={styles.logo} aria-label={brand.name}>
        <img
          className={styles.logoImage}
          src={brand.logo}
          alt={brand.name}
          width={128}
          height={32}
        />
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

import { Link } from 'react-router';
import { useBrand } from '../../features/site/api/get-site-config';
import styles from './header.module.css';

/** The brand's logo linking to `to`, at its fixed size (the header's room for it). */
export function BrandLogo({ to }: { to: string }) {
  const brand = useBrand();
  return (
    <Link to={to} className={styles.logo} aria-label={brand.name}>
      <img className={styles.logoImage} src={brand.logo} alt={brand.name} width={128} height={32} />
    </Link>
  );
}

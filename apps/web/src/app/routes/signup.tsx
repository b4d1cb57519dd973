import { SignupForm } from '../../features/signup/components/signup-form';
import { PublicHeader } from '../layout/public-header';
import { paths } from '../paths';
import styles from './pages.module.css';

export function SignupPage() {
  return (
    <div className={styles.public}>
      <PublicHeader />
      <main className={styles.centered}>
        <SignupForm loginHref={paths.login.href()} />
      </main>
    </div>
  );
}

import { useNavigate } from 'react-router';
import { LoginForm } from '../../features/session/components/login-form';
import { PublicHeader } from '../layout/public-header';
import { Toasts } from '../layout/toasts';
import { paths } from '../paths';
import styles from './pages.module.css';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.public}>
      <PublicHeader />
      <main className={styles.centered}>
        <LoginForm onLoggedIn={() => void navigate(paths.home.href(), { replace: true })} />
      </main>
      <Toasts />
    </div>
  );
}

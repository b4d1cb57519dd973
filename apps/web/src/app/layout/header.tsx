import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useBrand, useSupportUrl } from '../../features/site/api/get-site-config';
import { WalletMenu } from '../../features/wallet/components/wallet-menu';
import { setDataSaver, useDataSaver } from '../../lib/data-saver';
import { formatDataUsed, startCountingData, useDataUsed } from '../../lib/data-saver-usage';
import { setBetSound, useBetSound } from '../../lib/preferences';
import { useUpdatePrompt } from '../../lib/pwa-prompt';
import { useStoredLogin } from '../../lib/session';
import { lazyComponent } from '../../ui/lazy-component';
import { HubIndicator } from '../hub';
import { paths } from '../paths';
import { BrandLogo } from './brand-logo';
import styles from './header.module.css';
import { LazyChipSettingsModal } from '../../features/chips/components/lazy-chip-settings-modal';

/** The user menu's Change Password dialog, fetched when opened. */
const ChangePasswordModal = lazyComponent(
  async () =>
    (await import('../../features/session/components/change-password-modal')).ChangePasswordModal,
);

type Menu = 'wallet' | 'user' | null;
type Dialog = 'chips' | 'password' | null;

/**
 * The fixed header: sidebar toggle, logo, wallet button and user menu; dropdowns exclusive
 * (docs/product.md#screens). The user menu's Edit Stake and Change Password open their dialogs beside it; its
 * Safer betting leads to the client's limits, and its Data saver switch and the data this page
 * used are ours too, beyond docs/product.md (docs/pwa-and-data-saver.md). It raises the update prompt
 * when a new build is deployed.
 */
export function Header({
  onToggleSidebar,
  onLogout,
}: {
  onToggleSidebar: () => void;
  onLogout: () => void;
}) {
  const login = useStoredLogin();
  const supportUrl = useSupportUrl();
  const betSound = useBetSound();
  const dataSaver = useDataSaver();
  useUpdatePrompt(useBrand().name);
  useEffect(startCountingData, []);
  const [menu, setMenu] = useState<Menu>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const openDialog = (which: Exclude<Dialog, null>) => {
    setMenu(null);
    setDialog(which);
  };
  const toggle = (which: Exclude<Menu, null>) => setMenu((open) => (open === which ? null : which));
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (menu === null) return;
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setMenu(null);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [menu]);

  return (
    <>
      <header className={styles.header} ref={ref}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label="Toggle sidebar"
          onClick={onToggleSidebar}
        >
          <span className={styles.burger} aria-hidden="true" />
        </button>
        <BrandLogo to={paths.home.href()} />
        <div className={styles.actions}>
          <HubIndicator />
          <WalletMenu
            open={menu === 'wallet'}
            onToggle={() => toggle('wallet')}
            profitLossHref={paths.profitLoss.href()}
          />
          <div className={styles.user}>
            <button
              type="button"
              className={styles.userButton}
              aria-expanded={menu === 'user'}
              aria-haspopup="true"
              onClick={() => toggle('user')}
            >
              <span className={styles.avatar} aria-hidden="true">
                {login?.UserName.slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.userName}>{login?.UserName}</span>
            </button>
            {menu === 'user' && (
              <ul className={styles.dropdown} aria-label="User menu">
                <li>
                  <button type="button" onClick={() => openDialog('chips')}>
                    Edit Stake
                  </button>
                </li>
                <li>
                  <button type="button" onClick={() => openDialog('password')}>
                    Change Password
                  </button>
                </li>
                <li>
                  <Link to={paths.saferBetting.href()} onClick={() => setMenu(null)}>
                    Safer betting
                  </Link>
                </li>
                <li>
                  <a href={supportUrl} target="_blank" rel="noreferrer noopener">
                    Support
                  </a>
                </li>
                <li>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={betSound}
                    onClick={() => setBetSound(!betSound)}
                  >
                    Bet Sound {betSound ? 'On' : 'Off'}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={dataSaver}
                    className={styles.switchRow}
                    onClick={() => setDataSaver(!dataSaver)}
                  >
                    Data saver
                    <span className={styles.switchState} aria-hidden="true">
                      {dataSaver ? 'On' : 'Off'}
                    </span>
                  </button>
                </li>
                <li className={styles.dataUsed}>
                  <DataUsed />
                </li>
                <li>
                  <button type="button" onClick={onLogout}>
                    Log Out
                  </button>
                </li>
              </ul>
            )}
          </div>
        </div>
      </header>
      <Suspense fallback={null}>
        {dialog === 'chips' && <LazyChipSettingsModal onClose={closeDialog} />}
        {dialog === 'password' && <ChangePasswordModal onClose={closeDialog} />}
      </Suspense>
    </>
  );
}

/** The data this page has fetched, under the data saver switch; counts on while the menu is open. */
function DataUsed() {
  return <>Data used this session: {formatDataUsed(useDataUsed())}</>;
}

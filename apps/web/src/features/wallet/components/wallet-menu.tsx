import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useBalanceDetail } from '../api/get-balance-detail';
import { useMainBalance } from '../api/get-main-balance';
import styles from './wallet-menu.module.css';

export interface WalletMenuProps {
  readonly open: boolean;
  readonly onToggle: () => void;
  readonly profitLossHref: string;
}

/** The wallet button (W: main balance) and its dropdown: Credit, P/L, L (exposure), Balance. */
export function WalletMenu({ open, onToggle, profitLossHref }: WalletMenuProps) {
  const balance = useMainBalance();
  const detail = useBalanceDetail(open);
  const figures = detail.data;
  return (
    <div className={styles.wallet}>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={onToggle}
      >
        W: {balance.data === undefined ? '—' : formatMoney(balance.data)}
      </button>
      {open && (
        <dl className={styles.dropdown} aria-label="Wallet">
          <div>
            <dt>Credit</dt>
            <dd data-testid="wallet-credit">{figures ? formatMoney(figures.CreditLimit) : '…'}</dd>
          </div>
          <div>
            <dt>
              <Link to={profitLossHref} onClick={onToggle}>
                P/L
              </Link>
            </dt>
            <dd
              data-testid="wallet-pl"
              className={figures && figures.PL < 0 ? styles.negative : styles.positive}
            >
              {figures ? formatMoney(figures.PL) : '…'}
            </dd>
          </div>
          <div>
            <dt>L</dt>
            <dd data-testid="wallet-exposure">{figures ? formatMoney(figures.Exposure) : '…'}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd data-testid="wallet-balance">{figures ? formatMoney(figures.Balance) : '…'}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

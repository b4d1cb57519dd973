import type { BalanceDetail, MainBalance } from '@backlay/contract/wallet';
import { rupeesWire } from '../../money.js';
import type { Wallet } from './wallet.service.js';

export function mainBalanceWire(wallet: Wallet): MainBalance {
  return { MainBalance: rupeesWire(wallet.mainBalance) };
}

export function balanceDetailWire(wallet: Wallet): BalanceDetail {
  return {
    CreditLimit: rupeesWire(wallet.creditLimit),
    PL: rupeesWire(wallet.pl),
    Exposure: rupeesWire(wallet.exposure),
    Balance: rupeesWire(wallet.balance),
    MainBalance: rupeesWire(wallet.mainBalance),
  };
}

import { getBalanceDetail, getMainBalance } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import type { WalletService } from './wallet.service.js';
import { balanceDetailWire, mainBalanceWire } from './wallet.wire.js';

export async function walletRoutes(
  app: FastifyInstance,
  { wallet, moneyBodyLimit }: { wallet: WalletService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    getMainBalance,
    async ({ request }) => ({
      Status: true as const,
      Result: mainBalanceWire(await wallet.read(requireSession(request).clientId)),
    }),
    options,
  );
  registerEndpoint(
    app,
    getBalanceDetail,
    async ({ request }) => ({
      Status: true as const,
      Result: balanceDetailWire(await wallet.read(requireSession(request).clientId)),
    }),
    options,
  );
}

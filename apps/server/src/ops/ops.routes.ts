import { createClient, credit, postNews } from '@backlay/contract/ops';
import { rupeesToPaise, type Paise } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import type { HubPublisher } from '../hub/hub.js';
import { badRequest } from '../errors.js';
import { registerEndpoint } from '../http/endpoints.js';
import { rupeesWire } from '../money.js';
import type { ClientsService } from '../modules/clients/clients.service.js';
import type { NewsService } from '../modules/news/news.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';

export interface OpsDeps {
  readonly clients: ClientsService;
  readonly wallet: WalletService;
  readonly news: NewsService;
  readonly publisher: HubPublisher;
}

function paise(rupees: number): Paise {
  const value = rupeesToPaise(rupees);
  if (value === null) throw badRequest('amount must be rupees with at most two decimals');
  return value;
}

/** The operator API (DESIGN §1): one route per CLI command, operator token only. */
export function opsRoutes(app: FastifyInstance, deps: OpsDeps, moneyBodyLimit: number): void {
  const options = { moneyBodyLimit };

  registerEndpoint(
    app,
    createClient,
    async ({ body }) => {
      const created = await deps.clients.create({
        username: body.username,
        password: body.password,
      });
      if (created.kind === 'refused') return { Status: false as const, Result: created.message };
      let message = `Created client ${body.username} (uid ${created.clientId})`;
      if (body.creditLimit !== undefined && body.creditLimit > 0) {
        const given = await deps.wallet.transferCredit({
          clientId: created.clientId,
          amount: paise(body.creditLimit),
          remark: 'Opening credit',
        });
        if (given.kind === 'done')
          message += ` with credit ${rupeesWire(given.wallet.creditLimit).toFixed(2)}`;
      }
      return { Status: true as const, Result: message };
    },
    options,
  );

  registerEndpoint(
    app,
    credit,
    async ({ body }) => {
      const clientId = await deps.clients.findId(body.username);
      if (!clientId)
        return { Status: false as const, Result: `No client named '${body.username}'` };
      const outcome = await deps.wallet.transferCredit({
        clientId,
        amount: paise(body.amount),
        remark: body.remark ?? (body.amount > 0 ? 'Credit given' : 'Credit taken'),
      });
      if (outcome.kind === 'refused') return { Status: false as const, Result: outcome.message };
      const verb = body.amount > 0 ? 'Gave' : 'Took';
      return {
        Status: true as const,
        Result: `${verb} ${Math.abs(body.amount).toFixed(2)} ${body.amount > 0 ? 'to' : 'from'} ${body.username}: credit ${rupeesWire(outcome.wallet.creditLimit).toFixed(2)}, main balance ${rupeesWire(outcome.wallet.mainBalance).toFixed(2)}`,
      };
    },
    options,
  );

  registerEndpoint(
    app,
    postNews,
    async ({ body }) => {
      await deps.news.publish(body.message);
      deps.publisher.toAll('updateNews', { Message: body.message.trim() });
      return { Status: true as const, Result: 'News published' };
    },
    options,
  );
}

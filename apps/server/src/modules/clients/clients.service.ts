import { inTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { PasswordHasher } from '../auth/password.js';
import { openClientAccount } from '../wallet/wallet.service.js';
import * as q from './clients.queries.js';

export type CreateClientOutcome =
  | { readonly kind: 'created'; readonly clientId: string }
  | { readonly kind: 'refused'; readonly message: string };

export function createClientsService(deps: { db: Db; clock: Clock; passwords: PasswordHasher }) {
  return {
    /** Creates the client with its account and empty wallet in one transaction. */
    async create(input: { username: string; password: string }): Promise<CreateClientOutcome> {
      const passwordHash = await deps.passwords.hash(input.password);
      return inTransaction(deps.db, async (tx) => {
        const clientId = await q.insertClient(tx, {
          username: input.username,
          passwordHash,
          at: deps.clock.now(),
        });
        if (!clientId) return { kind: 'refused', message: `Username '${input.username}' is taken` };
        await openClientAccount(tx, clientId);
        return { kind: 'created', clientId };
      });
    },

    findId: (username: string) => q.findClientId(deps.db, username),
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;

import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { PasswordHasher } from '../auth/password.js';
import { openClientAccount } from '../wallet/wallet.service.js';
import * as q from './clients.queries.js';
import * as controls from './controls.queries.js';

export type { ClientPlacement } from './clients.queries.js';

export type CreateClientOutcome =
  | { readonly kind: 'created'; readonly clientId: string }
  | { readonly kind: 'refused'; readonly message: string };

export function createClientsService(deps: { db: Db; clock: Clock; passwords: PasswordHasher }) {
  /**
   * Creates the client with its account and empty wallet on `tx`, the password hashed already:
   * under `placement` in the agent network (docs/agents.md#levels), or the admin's directly.
   */
  async function createIn(
    tx: Tx,
    input: { username: string; passwordHash: string; placement?: q.ClientPlacement },
  ): Promise<CreateClientOutcome> {
    const taken = { kind: 'refused', message: `Username '${input.username}' is taken` } as const;
    if (!(await q.claimUsername(tx, input.username))) return taken;
    const clientId = await q.insertClient(tx, {
      username: input.username,
      passwordHash: input.passwordHash,
      at: deps.clock.now(),
      ...(input.placement ? { placement: input.placement } : {}),
    });
    if (!clientId) return taken;
    await openClientAccount(tx, clientId);
    return { kind: 'created', clientId };
  }

  return {
    createIn,
    /** Claims a username for a new agent in `tx`: false when a client or an agent has it. */
    claimUsername: (tx: Tx, username: string) => q.claimUsername(tx, username),
    /** Hashes a password (before a transaction: argon2 takes tens of milliseconds). */
    hashPassword: (password: string) => deps.passwords.hash(password),

    /** Creates the client with its account and empty wallet in one transaction. */
    async create(input: { username: string; password: string }): Promise<CreateClientOutcome> {
      const passwordHash = await deps.passwords.hash(input.password);
      return inTransaction(deps.db, (tx) =>
        createIn(tx, { username: input.username, passwordHash }),
      );
    },

    /** The client's id; on `tx` inside an operator's action, so it needs no second connection. */
    findId: (username: string, tx?: Tx) => q.findClientId(tx ?? deps.db, username),

    /** An operator's lock on a client's betting (bet_place refuses while it is set), on `tx`. */
    async setBettingLockIn(
      tx: Tx,
      username: string,
      locked: boolean,
    ): Promise<{ ok: boolean; message: string; before?: unknown; after?: unknown }> {
      const found = await controls.setBettingLock(tx, username, locked ? deps.clock.now() : null);
      if (!found) return { ok: false, message: `No client named '${username}'` };
      return {
        ok: true,
        message: `Betting of ${username} ${locked ? 'locked' : 'unlocked'}`,
        before: { locked: found.wasLocked },
        after: { locked },
      };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;

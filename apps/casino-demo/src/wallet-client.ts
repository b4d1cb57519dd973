import type { Endpoint } from '@backlay/contract/common';
import {
  casinoProviderBalance,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import type { z } from 'zod';

/** A call that did not get a parsed 200 answer: the server refused it (4xx/5xx) or was unreachable. */
export class WalletCallError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when there was no answer (worth retrying). */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WalletCallError';
  }
}

type Body<E extends Endpoint> = E extends { readonly body: infer S extends z.ZodType }
  ? z.input<S>
  : never;

/**
 * The provider's side of our wallet API (docs/decisions.md#silent-rules "Casino"): server-to-server HTTP with the
 * casino secret. The browser never sees the secret, a launch token's player or a bearer token.
 */
export function createWalletClient(options: {
  /** Our API's base URL, known once it listens. */
  readonly apiBase: () => string | undefined;
  readonly secret: string;
  readonly timeoutMs?: number;
}) {
  async function call<E extends Endpoint>(
    endpoint: E,
    body: Body<E>,
  ): Promise<z.infer<E['response']>> {
    const base = options.apiBase();
    if (base === undefined) throw new WalletCallError('The wallet is not reachable yet', null);
    let response: Response;
    try {
      response = await fetch(new URL(endpoint.path, base), {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${options.secret}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new WalletCallError(`The wallet is not reachable: ${(error as Error).message}`, null);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.status !== 200) {
      const message =
        typeof answer === 'object' && answer !== null && 'Result' in answer
          ? String(answer.Result)
          : `HTTP ${response.status}`;
      throw new WalletCallError(message, response.status);
    }
    const parsed = endpoint.response.safeParse(answer);
    if (!parsed.success) throw new WalletCallError('The wallet answered an unknown shape', 200);
    return parsed.data as z.infer<E['response']>;
  }

  return {
    session: (token: string) => call(casinoProviderSession, { token }),
    debit: (body: Body<typeof casinoProviderDebit>) => call(casinoProviderDebit, body),
    credit: (body: Body<typeof casinoProviderCredit>) => call(casinoProviderCredit, body),
    balance: (session: string) => call(casinoProviderBalance, { session }),
  };
}

export type WalletClient = ReturnType<typeof createWalletClient>;

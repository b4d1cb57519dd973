import type { Endpoint } from '@backlay/contract/common';

/** One command of the `npm run ops` CLI: the operator route it sends to, its options and body. */
export interface CliCommand {
  readonly description: string;
  readonly usage: string;
  readonly endpoint: Endpoint;
  readonly options: Record<string, { type: 'string' }>;
  /** Builds the request body from the parsed options and positional words; the schema then validates it. */
  readonly body: (
    values: Record<string, string | undefined>,
    positionals: readonly string[],
  ) => unknown;
}

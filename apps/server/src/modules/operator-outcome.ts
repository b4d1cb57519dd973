/** What an operator's money action answers, with the state before and after for the audit log. */
export interface OperatorOutcome {
  readonly ok: boolean;
  readonly message: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

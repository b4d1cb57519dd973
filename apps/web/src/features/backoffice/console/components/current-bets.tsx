/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function CurrentBets(_props: Record<string, never>) {
  return <h1>Current bets</h1>;
}

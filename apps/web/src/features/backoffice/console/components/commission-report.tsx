/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function CommissionReport(_props: Record<string, never>) {
  return <h1>Commission</h1>;
}

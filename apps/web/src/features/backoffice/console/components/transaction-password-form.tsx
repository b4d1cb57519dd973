/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function TransactionPasswordForm(_props: { onDone: () => void }) {
  return <h1>Transaction password</h1>;
}

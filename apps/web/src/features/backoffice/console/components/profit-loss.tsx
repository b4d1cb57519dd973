/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function ProfitLoss(_props: { userHref: (username: string) => string }) {
  return <h1>P/L</h1>;
}

/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function MarketUsers(_props: {
  marketId: string;
  parent?: string | undefined;
  drillHref: (parent: string) => string;
  backHref: string;
}) {
  return <h1>Market analysis</h1>;
}

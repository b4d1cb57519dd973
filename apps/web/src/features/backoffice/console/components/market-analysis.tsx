/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function MarketAnalysis(_props: { marketHref: (marketId: string) => string }) {
  return <h1>Market analysis</h1>;
}

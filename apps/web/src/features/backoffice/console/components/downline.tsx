/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function Downline(_props: {
  parent?: string | undefined;
  userHref: (username: string) => string;
  topHref: string;
  statementHref: (username: string) => string;
  createHref: string;
}) {
  return <h1>Downline</h1>;
}

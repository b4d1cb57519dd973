/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function AgentStatement(_props: { username?: string | undefined }) {
  return <h1>Statement</h1>;
}

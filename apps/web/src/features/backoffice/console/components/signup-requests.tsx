/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function SignupRequests(_props: Record<string, never>) {
  return <h1>Sign-up requests</h1>;
}

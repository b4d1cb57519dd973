/** Filled by the agent-console work in progress (docs/backoffice.md#agent-console). */
export function CreateUserForm(_props: { onCreated: () => void }) {
  return <h1>Create user</h1>;
}

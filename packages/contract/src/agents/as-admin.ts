import { endpoint, type Endpoint } from '../common.js';

/**
 * An action or read of the admin's, sent by the operator (the `npm run ops` CLI, the operator
 * token): the same endpoint under `/api/ops/agent/` (docs/agents.md#controls).
 */
export function asAdmin<const E extends Endpoint>(
  agentEndpoint: E,
): Omit<E, 'audience'> & { audience: 'ops' } {
  return endpoint({
    ...agentEndpoint,
    path: agentEndpoint.path.replace('/api/agent/', '/api/ops/agent/'),
    audience: 'ops' as const,
  });
}

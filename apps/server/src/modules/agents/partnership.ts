import { takesOnPath, type PathLevel } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import * as q from './agents.queries.js';

/*
 * Takes' versions (docs/agents.md#partnership): the takes of a parent's clients are each level's
 * partnership less its child's on the path from the admin down to the parent. A change on a path
 * writes a new version for every parent below it; bets already placed keep theirs.
 */

/** One version's takes, [[agentId, takeBp], …] top down, as agent_takes keeps them. */
export type TakesJson = readonly (readonly [number, number])[];

/** The takes of the clients of the last agent of `path` (the admin first), by takesOnPath. */
export function takesJsonOf(path: readonly q.AgentRow[]): TakesJson {
  const levels: PathLevel[] = path.map((agent) => ({
    userId: agent.id,
    level: agent.level,
    partnershipBp: agent.partnershipBp,
  }));
  const takes = takesOnPath(levels);
  // The service keeps every partnership within its parent's, so a refusal is a broken tree.
  if (!takes.ok) throw new Error(`takes of ${path.at(-1)?.username ?? '?'}: ${takes.message}`);
  return takes.takes.map((take) => [Number(take.userId), take.takeBp] as const);
}

/**
 * New takes versions for `agents` (each with every ancestor among `known` or read here), each set
 * as its agent's current one, and every client of theirs moved to its parent's new version.
 * `known` holds the rows as they are now in this transaction (a changed partnership included).
 */
export async function writeTakesVersions(
  tx: Tx,
  rootId: string,
  agents: readonly q.AgentRow[],
  known: readonly q.AgentRow[],
  at: Date,
): Promise<{ versions: number; clientsMoved: number }> {
  const byId = new Map(known.map((agent) => [agent.id, agent]));
  for (const agent of agents) byId.set(agent.id, agent);
  const missing = [...new Set(agents.flatMap((agent) => agent.path))].filter((id) => !byId.has(id));
  for (const agent of await q.findAgents(tx, missing)) byId.set(agent.id, agent);
  const versions = agents.map((agent) => ({
    agentId: agent.id,
    takes: takesJsonOf(
      [...agent.path, agent.id].map((id) => {
        const member = byId.get(id);
        if (!member) throw new Error(`agent ${id} on the path of ${agent.username} is missing`);
        return member;
      }),
    ),
  }));
  const takesIds = await q.insertTakes(tx, versions, at);
  await q.setTakesIds(tx, takesIds);
  const clientsMoved = await q.moveClientsToCurrentTakes(tx, rootId);
  return { versions: versions.length, clientsMoved };
}

import type { Db, Tx } from '../../db/pool.js';
import { AGENTS_TEXT, notFound, refused, type Refusal } from './agent-actions.js';
import * as q from './agents.queries.js';
import * as tree from './tree.queries.js';

/*
 * A user acts only on its downline (docs/agents.md#controls): every target is looked up below the
 * actor, and one outside answers exactly as a user that does not exist, so nothing of it shows.
 */

/** A target below the actor, with its row. */
export type Target =
  | { readonly kind: 'agent'; readonly agent: q.AgentRow }
  | { readonly kind: 'client'; readonly client: q.ClientTreeRow };

export const targetId = (target: Target): string =>
  target.kind === 'agent' ? target.agent.id : target.client.id;
export const targetName = (target: Target): string =>
  target.kind === 'agent' ? target.agent.username : target.client.username;
export const targetParentId = (target: Target): string =>
  target.kind === 'agent' ? (target.agent.parentId ?? '') : target.client.parentId;
/** The target's ancestors, top down. */
export const targetPath = (target: Target): readonly string[] =>
  target.kind === 'agent' ? target.agent.path : target.client.path;

/** Every agent and client below `actorId`, by id. */
export const subtreeOf = (db: Db | Tx, actorId: string) => tree.membersBelow(db, actorId);

/** Whether `username` names a user below `actorId`. */
export async function isInSubtree(
  db: Db | Tx,
  actorId: string,
  username: string,
): Promise<boolean> {
  return (await tree.findBelow(db, actorId, username)) !== undefined;
}

/**
 * The user `username` below `actor`, read on `db`; the actor itself is refused (a user changes
 * none of its own settings), anyone else not below it is "No user named …".
 */
export async function findTarget(
  db: Db | Tx,
  actor: q.AgentRow,
  username: string,
): Promise<Target | Refusal> {
  if (username.toLowerCase() === actor.username.toLowerCase())
    return refused(AGENTS_TEXT.ownSettings);
  const member = await tree.findBelow(db, actor.id, username);
  if (!member) return notFound(username);
  if (member.kind === 'agent') {
    const agent = await q.findAgent(db, member.id);
    return agent ? { kind: 'agent', agent } : notFound(username);
  }
  const client = await q.findClientRow(db, member.id);
  return client ? { kind: 'client', client } : notFound(username);
}

/** A target locked for a change, with its parent (whose settings bound the target's). */
export interface LockedTarget {
  readonly target: Target;
  readonly parent: q.AgentRow;
}

/**
 * As {@link findTarget}, then the target's ancestors locked FOR SHARE (their settings bound its
 * own, and their locks are copied down) and an agent target FOR UPDATE, top down (ascending id);
 * the target is read again under its lock.
 */
export async function lockTarget(
  tx: Tx,
  actor: q.AgentRow,
  username: string,
): Promise<LockedTarget | Refusal> {
  const found = await findTarget(tx, actor, username);
  if ('ok' in found) return found;
  const ancestors = await q.lockAgents(tx, targetPath(found), 'share');
  const parent = ancestors.get(targetParentId(found));
  if (!parent) throw new Error(`the parent of ${targetName(found)} is missing`);
  if (found.kind === 'client') {
    const client = await q.findClientRow(tx, found.client.id);
    return client ? { target: { kind: 'client', client }, parent } : notFound(username);
  }
  const agent = (await q.lockAgents(tx, [found.agent.id], 'update')).get(found.agent.id);
  return agent ? { target: { kind: 'agent', agent }, parent } : notFound(username);
}

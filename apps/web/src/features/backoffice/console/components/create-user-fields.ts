import { canCreate } from '@backlay/domain';
import type { BodyOf } from '../../api/types';
import type { agentCreateUser } from '@backlay/contract/agents/client';
import { LEVEL_LABELS } from '../../sections';
import { rupees } from '../../format';
import {
  MIN_PASSWORD,
  PASSWORD_PROBLEM,
  parsePercent,
  parseRupeesOrZero,
  percentText,
  rateProblem,
  type AgentMe,
} from './user-effects';

/*
 * The rules of a new user below the agent (docs/agents.md#levels, #partnership, #commission),
 * checked before it is sent, and the server's refusals placed on the field they are about.
 */

export type CreateUserBody = BodyOf<typeof agentCreateUser>;
export type NewLevel = CreateUserBody['level'];
export type CreateField =
  | 'level'
  | 'username'
  | 'password'
  | 'creditReference'
  | 'partnership'
  | 'matchCommission'
  | 'sessionCommission'
  | 'transactionPassword';

/** The fields in the order the form shows them: the first with an error takes the focus. */
export const CREATE_FIELDS: readonly CreateField[] = [
  'level',
  'username',
  'password',
  'creditReference',
  'partnership',
  'matchCommission',
  'sessionCommission',
  'transactionPassword',
];

export type CreateErrors = Partial<Record<CreateField, string>>;

/** What the form holds, as typed. */
export interface CreateDraft {
  readonly level: NewLevel;
  readonly username: string;
  readonly password: string;
  readonly creditReference: string;
  readonly partnership: string;
  readonly matchCommission: string;
  readonly sessionCommission: string;
  readonly transactionPassword: string;
}

const NEW_LEVELS: readonly NewLevel[] = ['supermaster', 'master', 'agent', 'client'];

/** The levels the agent may create: every level below its own (★ canCreate). */
export const creatableLevels = (level: AgentMe['level']): NewLevel[] =>
  NEW_LEVELS.filter((child) => canCreate(level, child));

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;
export const USERNAME_PROBLEM = 'A username is 3 to 32 letters, digits or . _ -';
const PERCENT_PROBLEM = 'Enter 0 to 100 %, with at most two decimals';

/** The body to send, or the errors of the fields, in the server's words where it has them. */
export function checkDraft(
  draft: CreateDraft,
  me: AgentMe,
): { body: CreateUserBody; errors?: undefined } | { body?: undefined; errors: CreateErrors } {
  const errors: CreateErrors = {};
  const username = draft.username.trim();
  if (!creatableLevels(me.level).includes(draft.level))
    errors.level = `You cannot create a ${LEVEL_LABELS[draft.level].toLowerCase()}`;
  if (!USERNAME.test(username)) errors.username = USERNAME_PROBLEM;
  if (draft.password.length < MIN_PASSWORD) errors.password = PASSWORD_PROBLEM;
  const creditReference = parseRupeesOrZero(draft.creditReference);
  if (creditReference === undefined)
    errors.creditReference = 'Enter rupees, 0 or more, with at most two decimals';
  const isClient = draft.level === 'client';
  const partnership = isClient ? undefined : parsePercent(draft.partnership);
  if (!isClient) {
    if (partnership === undefined) errors.partnership = PERCENT_PROBLEM;
    else if (partnership > me.partnership)
      errors.partnership = `A partnership of ${percentText(partnership)} is above your own ${percentText(me.partnership)}`;
  }
  const match = parsePercent(draft.matchCommission);
  const session = parsePercent(draft.sessionCommission);
  const matchProblem =
    match === undefined ? PERCENT_PROBLEM : rateProblem('match', match, me.matchCommission);
  const sessionProblem =
    session === undefined ? PERCENT_PROBLEM : rateProblem('session', session, me.sessionCommission);
  if (matchProblem) errors.matchCommission = matchProblem;
  if (sessionProblem) errors.sessionCommission = sessionProblem;
  if (draft.transactionPassword === '')
    errors.transactionPassword = 'Enter your transaction password';
  if (
    Object.keys(errors).length > 0 ||
    creditReference === undefined ||
    match === undefined ||
    session === undefined
  )
    return { errors };
  return {
    body: {
      level: draft.level,
      username,
      password: draft.password,
      creditReference,
      ...(partnership === undefined ? {} : { partnership }),
      matchCommission: match,
      sessionCommission: session,
      transactionPassword: draft.transactionPassword,
    },
  };
}

/** "Create master rahul07 with a credit reference of ₹1,00,000.00, …?" */
export function creationStatement(body: CreateUserBody): string {
  const shares = [
    `a credit reference of ${rupees(body.creditReference)}`,
    ...(body.partnership === undefined
      ? []
      : [`a partnership of ${percentText(body.partnership)}`]),
    `match commission ${percentText(body.matchCommission)}`,
    `session commission ${percentText(body.sessionCommission)}`,
  ];
  const last = shares.pop() ?? '';
  return `Create ${LEVEL_LABELS[body.level].toLowerCase()} ${body.username} with ${shares.join(', ')} and ${last}?`;
}

/**
 * The field a refusal is about: the one the server names (docs/agents.md#controls), or, for a
 * 400 of the contract's check, the field of its "Invalid body: <field>: …".
 */
export function fieldOfRefusal(answer: {
  readonly Result: string;
  readonly field?: string | undefined;
}): CreateField | undefined {
  const named = answer.field ?? /^Invalid body: (\w+):/.exec(answer.Result)?.[1];
  return CREATE_FIELDS.find((field) => field === named);
}

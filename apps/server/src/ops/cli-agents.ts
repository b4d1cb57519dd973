import {
  opsAdminCommission,
  opsAdminPassword,
  opsAgentClearPl,
  opsAgentCommission,
  opsAgentCreateUser,
  opsAgentCreditReference,
  opsAgentDeposit,
  opsAgentDownline,
  opsAgentExposureLimit,
  opsAgentLock,
  opsAgentPartnership,
  opsAgentResetPassword,
  opsAgentWithdraw,
} from '@backlay/contract/agents';
import type { CliCommand } from './cli-command.js';

/*
 * The agent network's commands (docs/agents.md), sent as the admin with the operator's token:
 * the same service functions as a logged-in user's back office (modules/agents/agents.routes.ts).
 * Every action but the admin's own settings takes the admin's transaction password.
 */

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const txn = { 'transaction-password': { type: 'string' } } as const;
const TXN_USAGE = '--transaction-password SECRET';

export const AGENT_COMMANDS: Record<string, CliCommand> = {
  'agent-admin-password': {
    description: "Set the admin's login password (the top of the agent network)",
    usage: '--password SECRET',
    endpoint: opsAdminPassword,
    options: { password: { type: 'string' } },
    body: (v) => ({ password: v.password }),
  },
  'agent-admin-commission': {
    description: "Set the admin's commission rates: the most any client may be given (percent)",
    usage: '--match PERCENT --session PERCENT',
    endpoint: opsAdminCommission,
    options: { match: { type: 'string' }, session: { type: 'string' } },
    body: (v) => ({ matchCommission: num(v.match), sessionCommission: num(v.session) }),
  },
  'agent-create-user': {
    description: 'Create a super master, master, agent or client below the admin',
    usage: `--level LEVEL --username NAME --password SECRET --credit-reference RUPEES [--partnership PERCENT] --match PERCENT --session PERCENT ${TXN_USAGE}`,
    endpoint: opsAgentCreateUser,
    options: {
      level: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'credit-reference': { type: 'string' },
      partnership: { type: 'string' },
      match: { type: 'string' },
      session: { type: 'string' },
      ...txn,
    },
    body: (v) => ({
      level: v.level,
      username: v.username,
      password: v.password,
      creditReference: num(v['credit-reference']),
      partnership: num(v.partnership),
      matchCommission: num(v.match),
      sessionCommission: num(v.session),
      transactionPassword: v['transaction-password'],
    }),
  },
  'agent-downline': {
    description: "List the admin's direct children, or those of a user below it",
    usage: '[--parent NAME] [--search TEXT] [--skip N] [--take N]',
    endpoint: opsAgentDownline,
    options: {
      parent: { type: 'string' },
      search: { type: 'string' },
      skip: { type: 'string' },
      take: { type: 'string' },
    },
    body: (v) => ({ parent: v.parent, search: v.search, skip: v.skip, take: v.take }),
  },
  ...transfer('agent-deposit', 'Move chips from the admin to a child', opsAgentDeposit),
  ...transfer(
    'agent-withdraw',
    "Move chips from a child's free balance to the admin",
    opsAgentWithdraw,
  ),
  'agent-clear-pl': {
    description: "Record cash settled outside: a child's reference P/L goes to zero",
    usage: `--username NAME [--remark TEXT] ${TXN_USAGE}`,
    endpoint: opsAgentClearPl,
    options: { username: { type: 'string' }, remark: { type: 'string' }, ...txn },
    body: (v) => ({
      username: v.username,
      remark: v.remark,
      transactionPassword: v['transaction-password'],
    }),
  },
  ...setting('agent-credit-reference', "Set a child's credit reference", opsAgentCreditReference, {
    'credit-reference': (value) => ({ creditReference: num(value) }),
  }),
  ...setting('agent-partnership', "Set a user's partnership (percent)", opsAgentPartnership, {
    partnership: (value) => ({ partnership: num(value) }),
  }),
  'agent-commission': {
    description: "Set a user's match and session commission (percent)",
    usage: `--username NAME --match PERCENT --session PERCENT ${TXN_USAGE}`,
    endpoint: opsAgentCommission,
    options: {
      username: { type: 'string' },
      match: { type: 'string' },
      session: { type: 'string' },
      ...txn,
    },
    body: (v) => ({
      username: v.username,
      matchCommission: num(v.match),
      sessionCommission: num(v.session),
      transactionPassword: v['transaction-password'],
    }),
  },
  ...setting(
    'agent-exposure-limit',
    "Set a client's exposure limit (rupees, or none)",
    opsAgentExposureLimit,
    {
      limit: (value) => ({ exposureLimit: value === 'none' ? null : num(value) }),
    },
  ),
  'agent-lock': {
    description: "Lock or unlock a user's login or betting (its whole subtree with it)",
    usage: `--username NAME --kind login|betting lock|unlock ${TXN_USAGE}`,
    endpoint: opsAgentLock,
    options: { username: { type: 'string' }, kind: { type: 'string' }, ...txn },
    body: (v, words) => ({
      username: v.username,
      kind: v.kind,
      locked: words[0] === 'lock' ? true : words[0] === 'unlock' ? false : words[0],
      transactionPassword: v['transaction-password'],
    }),
  },
  ...setting(
    'agent-reset-password',
    "Set a user's password (its sessions end)",
    opsAgentResetPassword,
    {
      password: (value) => ({ password: value }),
    },
  ),
};

/** A deposit or withdrawal: the child, the amount in rupees, a remark. */
function transfer(name: string, description: string, endpoint: CliCommand['endpoint']) {
  return {
    [name]: {
      description,
      usage: `--username NAME --amount RUPEES [--remark TEXT] ${TXN_USAGE}`,
      endpoint,
      options: {
        username: { type: 'string' },
        amount: { type: 'string' },
        remark: { type: 'string' },
        ...txn,
      },
      body: (v) => ({
        username: v.username,
        amount: num(v.amount),
        remark: v.remark,
        transactionPassword: v['transaction-password'],
      }),
    } satisfies CliCommand,
  };
}

/** A setting of one value on a user: `--username NAME --<option> VALUE`. */
function setting(
  name: string,
  description: string,
  endpoint: CliCommand['endpoint'],
  value: Record<string, (raw: string | undefined) => Record<string, unknown>>,
) {
  const [option, toBody] = Object.entries(value)[0] ?? [];
  if (!option || !toBody) throw new Error(`${name} needs one value`);
  return {
    [name]: {
      description,
      usage: `--username NAME --${option} VALUE ${TXN_USAGE}`,
      endpoint,
      options: { username: { type: 'string' }, [option]: { type: 'string' }, ...txn },
      body: (v) => ({
        username: v.username,
        ...toBody(v[option]),
        transactionPassword: v['transaction-password'],
      }),
    } satisfies CliCommand,
  };
}

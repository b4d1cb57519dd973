/**
 * The agent network's back office (docs/agents.md): a user above the clients (admin, super
 * master, master, agent) logs in under `/api/agent/` and acts on its downline only. A user outside
 * the caller's subtree answers as if it did not exist. Money and control actions carry the
 * caller's transaction password; those that move money honour `Idempotency-Key` per caller
 * (docs/decisions.md#api).
 */
import { z } from 'zod';
import { endpoint, hasWholePaise, isoDateTime, rupees } from '../common.js';
import { skip, take } from '../backoffice/fields.js';
import { username } from '../ops/fields.js';
import { answer } from './answer.js';
import { asAdmin } from './as-admin.js';

/** The levels above the clients, top down (docs/agents.md#levels). */
export const AGENT_LEVELS = ['admin', 'supermaster', 'master', 'agent'] as const;
export const agentLevel = z.enum(AGENT_LEVELS);
/** Any level a user may be created at: every level but the admin. */
export const userLevel = z.enum(['supermaster', 'master', 'agent', 'client']);

/** A share of 100 %: 0–100 with at most two decimals (90, 33.33). */
export const percent = z
  .number()
  .finite()
  .min(0, 'must be 0–100')
  .max(100, 'must be 0–100')
  .refine(hasWholePaise, { message: 'must have at most two decimals' });

/** Chips moved between a parent and a child: positive rupees with at most two decimals. */
export const chips = rupees.refine((value) => value > 0, { message: 'amount must be positive' });

const transactionPassword = z.string().min(1, 'Enter your transaction password').max(256);
const password = z.string().min(8, 'password must be at least 8 characters').max(256);
const remark = z.string().max(200).optional();

export const agentLogin = endpoint({
  method: 'POST',
  path: '/api/agent/login',
  audience: 'public',
  summary: 'Log a user above the clients in (a TOTP code when it has one)',
  body: z.object({
    username,
    password: z.string().min(1).max(256),
    code: z
      .string()
      .regex(/^\d{6}$/, 'code must be the six digits of your authenticator')
      .optional(),
  }),
  response: answer(
    z.object({
      token: z.string(),
      username: z.string(),
      level: agentLevel,
      /** The first login sets a transaction password before anything else. */
      needsTransactionPassword: z.boolean(),
    }),
  ),
});

export const agentMe = endpoint({
  method: 'GET',
  path: '/api/agent/me',
  audience: 'agent',
  summary: 'The user of this session, its settings and balance',
  response: answer(
    z.object({
      username: z.string(),
      level: agentLevel,
      balance: rupees,
      partnership: percent,
      matchCommission: percent,
      sessionCommission: percent,
      needsTransactionPassword: z.boolean(),
      /** What a visitor gives to sign up as its client (docs/agents.md#sign-up); null for the admin. */
      referralCode: z.string().nullable(),
    }),
  ),
});

export const agentLogout = endpoint({
  method: 'POST',
  path: '/api/agent/logout',
  audience: 'agent',
  summary: 'End the session',
  response: answer(z.string()),
});

/**
 * A single-use hub ticket for the session (docs/decisions.md#hub): the back office hears
 * `RiskChanged` through the hub, as the operators' does, and reads its own book again.
 */
export const agentHubTicket = endpoint({
  method: 'POST',
  path: '/api/agent/hub-ticket',
  audience: 'agent',
  summary: 'A single-use hub ticket for the agent back office, valid for 60 s',
  response: answer(z.object({ ticket: z.string() })),
});

export const agentTransactionPassword = endpoint({
  method: 'POST',
  path: '/api/agent/transaction-password',
  audience: 'agent',
  summary: 'Set the transaction password (the current one to change it)',
  body: z.object({ password, current: transactionPassword.optional() }),
  response: answer(z.string()),
});

/** One row of a downline: a direct child of the user asked about. */
export const downlineUser = z.object({
  username: z.string(),
  /** Never the admin, which is nobody's child. */
  level: z.enum([...AGENT_LEVELS, 'client']),
  creditReference: rupees,
  /** With an agent's whole downline. */
  balance: rupees,
  exposure: rupees,
  freeBalance: rupees,
  referencePl: rupees,
  /** Null for a client. */
  partnership: percent.nullable(),
  matchCommission: percent,
  sessionCommission: percent,
  /** Null: no limit (and always for a level above the clients). */
  exposureLimit: rupees.nullable(),
  loginLocked: z.boolean(),
  bettingLocked: z.boolean(),
  createdAt: isoDateTime,
});
export type DownlineUser = z.infer<typeof downlineUser>;

export const agentDownline = endpoint({
  method: 'GET',
  path: '/api/agent/downline',
  audience: 'agent',
  summary: 'The direct children of the caller, or of a user below it, searched and paged',
  query: z.object({
    parent: username.optional(),
    search: z.string().max(32).optional(),
    skip,
    take,
  }),
  response: answer(
    z.object({
      /** From the caller down to the parent listed. */
      breadcrumb: z.array(z.object({ username: z.string(), level: agentLevel })),
      total: z.number().int(),
      users: z.array(downlineUser),
    }),
  ),
});

export const agentCreateUser = endpoint({
  method: 'POST',
  path: '/api/agent/create-user',
  audience: 'agent',
  summary: 'Create a user below the caller',
  body: z.object({
    level: userLevel,
    username,
    password,
    creditReference: rupees.nonnegative(),
    /** Required above the clients; at most the caller's. */
    partnership: percent.optional(),
    matchCommission: percent,
    sessionCommission: percent,
    transactionPassword,
  }),
  response: answer(z.string()),
});

const target = { username, transactionPassword };

export const agentDeposit = endpoint({
  method: 'POST',
  path: '/api/agent/deposit',
  audience: 'agent',
  summary: "Move chips from the caller's balance to a child's",
  body: z.object({ ...target, amount: chips, remark }),
  response: answer(z.string()),
  movesMoney: true,
});

export const agentWithdraw = endpoint({
  method: 'POST',
  path: '/api/agent/withdraw',
  audience: 'agent',
  summary: "Move chips from a child's free balance back to the caller",
  body: z.object({ ...target, amount: chips, remark }),
  response: answer(z.string()),
  movesMoney: true,
});

export const agentClearPl = endpoint({
  method: 'POST',
  path: '/api/agent/clear-pl',
  audience: 'agent',
  summary: "Record cash settled outside: the child's reference P/L goes to zero",
  body: z.object({ ...target, remark }),
  response: answer(z.string()),
  movesMoney: true,
});

export const agentCreditReference = endpoint({
  method: 'POST',
  path: '/api/agent/credit-reference',
  audience: 'agent',
  summary: "Set a child's credit reference",
  body: z.object({ ...target, creditReference: rupees.nonnegative() }),
  response: answer(z.string()),
});

export const agentPartnership = endpoint({
  method: 'POST',
  path: '/api/agent/partnership',
  audience: 'agent',
  summary: "Set a user's partnership (at most the caller's; bets already placed keep theirs)",
  body: z.object({ ...target, partnership: percent }),
  response: answer(z.string()),
});

export const agentCommission = endpoint({
  method: 'POST',
  path: '/api/agent/commission',
  audience: 'agent',
  summary: "Set a user's match and session commission (each at most the caller's)",
  body: z.object({ ...target, matchCommission: percent, sessionCommission: percent }),
  response: answer(z.string()),
});

export const agentExposureLimit = endpoint({
  method: 'POST',
  path: '/api/agent/exposure-limit',
  audience: 'agent',
  summary: "Set a client's exposure limit (null: none)",
  body: z.object({ ...target, exposureLimit: rupees.nonnegative().nullable() }),
  response: answer(z.string()),
});

export const agentLock = endpoint({
  method: 'POST',
  path: '/api/agent/lock',
  audience: 'agent',
  summary: "Lock or unlock a user's login or betting (for a whole subtree below it)",
  body: z.object({ ...target, kind: z.enum(['login', 'betting']), locked: z.boolean() }),
  response: answer(z.string()),
});

export const agentResetPassword = endpoint({
  method: 'POST',
  path: '/api/agent/reset-password',
  audience: 'agent',
  summary: "Set a user's password (its sessions end)",
  body: z.object({ ...target, password }),
  response: answer(z.string()),
});

/**
 * The caller's own second factor: on, a fresh secret and its `otpauth://` URI, shown once, to
 * enter in an authenticator app (every later login asks its six-digit code); off, none.
 */
export const agentTotp = endpoint({
  method: 'POST',
  path: '/api/agent/totp',
  audience: 'agent',
  summary: 'Turn your own TOTP second factor on (a new secret, shown once) or off',
  body: z.object({ enabled: z.boolean(), transactionPassword }),
  response: answer(
    z.object({
      enabled: z.boolean(),
      /** Only when turned on. */
      secret: z.string().optional(),
      uri: z.string().optional(),
    }),
  ),
});

/**
 * The operator's door to the same commands (the `npm run ops` CLI, the operator token): the
 * admin's password and commission, which the admin cannot set itself, and every action above as
 * the admin, with the admin's transaction password (docs/agents.md#controls).
 */
export const opsAdminPassword = endpoint({
  method: 'POST',
  path: '/api/ops/agent/admin-password',
  audience: 'ops',
  summary: "Set the admin's login password (the top of the agent network)",
  body: z.object({
    password: z.string().min(12, "the admin's password must be at least 12 characters").max(256),
  }),
  response: answer(z.string()),
});

export const opsAdminCommission = endpoint({
  method: 'POST',
  path: '/api/ops/agent/admin-commission',
  audience: 'ops',
  summary: "Set the admin's match and session commission: the most any client may be given",
  body: z.object({ matchCommission: percent, sessionCommission: percent }),
  response: answer(z.string()),
});

export const opsAgentCreateUser = asAdmin(agentCreateUser);
export const opsAgentDownline = asAdmin(agentDownline);
export const opsAgentDeposit = asAdmin(agentDeposit);
export const opsAgentWithdraw = asAdmin(agentWithdraw);
export const opsAgentClearPl = asAdmin(agentClearPl);
export const opsAgentCreditReference = asAdmin(agentCreditReference);
export const opsAgentPartnership = asAdmin(agentPartnership);
export const opsAgentCommission = asAdmin(agentCommission);
export const opsAgentExposureLimit = asAdmin(agentExposureLimit);
export const opsAgentLock = asAdmin(agentLock);
export const opsAgentResetPassword = asAdmin(agentResetPassword);

export {
  agentBets,
  agentBook,
  agentBookUsers,
  agentCommissionReport,
  agentPl,
  agentPlByUser,
  agentStatement,
  opsAgentBets,
  opsAgentBook,
  opsAgentBookUsers,
  opsAgentCommissionReport,
  opsAgentPl,
  opsAgentPlByUser,
  opsAgentStatement,
} from './reports.js';
export {
  SIGNUP_FIELDS,
  agentSignupApprove,
  agentSignupDecline,
  agentSignupRequests,
  signupBody,
  signupField,
  signupRequest,
  signupRequestRow,
  type SignupBody,
  type SignupField,
  type SignupRequestRow,
} from './signup.js';

import { routeFetch } from '../../../../test/fetch';
import type { DownlineAnswer, DownlineRow } from '../api/downline';
import type { AgentMe } from './user-effects';

/* The answers of the agents' console the downline's tests meet (tests only). */

export const ME_URL = '/api/agent/me';
export const DOWNLINE_URL = '/api/agent/downline';

export const ME = {
  username: 'rahul',
  level: 'master',
  balance: 40000,
  partnership: 80,
  matchCommission: 2,
  sessionCommission: 1,
  needsTransactionPassword: false,
  referralCode: null,
} as AgentMe;

/** An agent below the master, and a client of the master's own. */
export const AGENT_ROW: DownlineRow = {
  username: 'rahul07',
  level: 'agent',
  creditReference: 10000,
  balance: 10000,
  exposure: 1500,
  freeBalance: 8000,
  referencePl: 0,
  partnership: 70,
  matchCommission: 1,
  sessionCommission: 0.5,
  exposureLimit: null,
  loginLocked: false,
  bettingLocked: false,
  createdAt: '2026-10-01T08:00:00.000Z',
};

export const CLIENT_ROW: DownlineRow = {
  username: 'c1',
  level: 'client',
  creditReference: 10000,
  balance: 9010,
  exposure: 500,
  freeBalance: 8510,
  referencePl: -990,
  partnership: null,
  matchCommission: 1,
  sessionCommission: 0,
  exposureLimit: 50000,
  loginLocked: false,
  bettingLocked: true,
  createdAt: '2026-10-02T08:00:00.000Z',
};

export const MINE: DownlineAnswer = {
  breadcrumb: [{ username: 'rahul', level: 'master' }],
  total: 2,
  users: [AGENT_ROW, CLIENT_ROW],
};

type Answer = (url: URL, count: number) => { status?: number; body: unknown };

/** The console's server: me, the downline (`downline` by the URL asked), and `more` routes. */
export function serveConsole(
  more: Record<string, Answer> = {},
  downline: (url: URL) => { status?: number; body: unknown } = () => ({
    body: { Status: true, Result: MINE },
  }),
) {
  return routeFetch({
    [ME_URL]: () => ({ body: { Status: true, Result: ME } }),
    [DOWNLINE_URL]: downline,
    ...more,
  });
}

/** The JSON body a recorded call sent. */
export const bodyOf = (call: { init?: RequestInit | undefined } | undefined): unknown =>
  JSON.parse(call?.init?.body as string);

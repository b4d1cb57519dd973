import { AGENT_MESSAGES } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { percentText, rupeesText } from './agent-actions.js';
import { creationProblem, type NewUser } from './agent-create.js';
import type { AgentRow } from './agents.queries.js';
import { takesJsonOf } from './partnership.js';

/*
 * The agents module's rules that need no database: a creation's bounds field by field, the takes
 * of a path as agent_takes keeps them, and money and shares as the back office says them.
 */

const agent = (fields: Partial<AgentRow> & Pick<AgentRow, 'id' | 'level'>): AgentRow => ({
  username: `user${fields.id}`,
  parentId: null,
  path: [],
  partnershipBp: 10_000,
  matchCommissionBp: 200,
  sessionCommissionBp: 100,
  creditReferencePaise: 0n,
  loginLockedAt: null,
  bettingLockedAt: null,
  takesId: null,
  passwordHash: null,
  transactionPasswordHash: null,
  totpSecret: null,
  referralCode: null,
  createdAt: new Date('2026-12-01T00:00:00Z'),
  ...fields,
});

const master = agent({ id: '7', level: 'master', partnershipBp: 8000 });
const newUser = (fields: Partial<NewUser>): NewUser => ({
  level: 'agent',
  username: 'agent_7',
  password: 'long enough',
  creditReferencePaise: 0n,
  partnershipBp: 8000,
  matchCommissionBp: 200,
  sessionCommissionBp: 100,
  transactionPassword: 'x',
  ...fields,
});

describe('a new user within its parent bounds (docs/agents.md#controls)', () => {
  it('accepts every setting equal to the parent own', () => {
    expect(creationProblem(master, newUser({}))).toBeUndefined();
    expect(creationProblem(master, newUser({ level: 'client', partnershipBp: undefined }))).toBe(
      undefined,
    );
  });

  it('names the field of each setting out of bounds', () => {
    const field = (fields: Partial<NewUser>) => {
      const problem = creationProblem(master, newUser(fields));
      return problem && 'field' in problem ? [problem.field, problem.message] : problem;
    };
    expect(field({ level: 'supermaster' })).toEqual([
      'level',
      'A master cannot create a supermaster',
    ]);
    expect(field({ level: 'master' })).toEqual(['level', 'A master cannot create a master']);
    expect(field({ level: 'admin' })).toEqual(['level', 'A master cannot create an admin']);
    expect(field({ partnershipBp: 8001 })).toEqual([
      'partnership',
      'A partnership of 80.01 % is above your own 80 %',
    ]);
    expect(field({ partnershipBp: 12.5 })).toEqual([
      'partnership',
      'A partnership is 0 to 100 % with at most two decimals',
    ]);
    expect(field({ partnershipBp: undefined })).toEqual([
      'partnership',
      'An agent needs a partnership',
    ]);
    expect(field({ matchCommissionBp: 201 })).toEqual([
      'matchCommission',
      AGENT_MESSAGES.rateAboveParent(201, 200),
    ]);
    expect(field({ sessionCommissionBp: -1 })).toEqual([
      'sessionCommission',
      AGENT_MESSAGES.rateRange(-1),
    ]);
    expect(field({ creditReferencePaise: -1n })).toEqual([
      'creditReference',
      'A credit reference cannot be negative',
    ]);
    expect(field({ username: 'ab' })).toEqual([
      'username',
      'A username is 3 to 32 letters, digits or . _ -',
    ]);
  });
});

describe('the takes of a path, as agent_takes keeps them (docs/agents.md#partnership)', () => {
  it('gives each level its partnership less its child, top down', () => {
    const path = [
      agent({ id: '1', level: 'admin' }),
      agent({ id: '2', level: 'supermaster', partnershipBp: 6667 }),
      agent({ id: '5', level: 'agent', partnershipBp: 3334 }),
    ];
    expect(takesJsonOf(path)).toEqual([
      [1, 3333],
      [2, 3333],
      [5, 3334],
    ]);
  });

  it('throws on a broken tree rather than write wrong takes', () => {
    const path = [
      agent({ id: '1', level: 'admin' }),
      agent({ id: '2', level: 'master', partnershipBp: 5000 }),
      agent({ id: '3', level: 'agent', partnershipBp: 6000 }),
    ];
    expect(() => takesJsonOf(path)).toThrow(/is above its parent/);
  });
});

describe('money and shares in messages', () => {
  it('writes paise as rupees exactly and basis points as percentages', () => {
    expect([
      rupeesText(0n),
      rupeesText(5n),
      rupeesText(-12_345n),
      rupeesText(100_000_000_01n),
    ]).toEqual(['₹0.00', '₹0.05', '-₹123.45', '₹10,00,00,000.01']);
    expect([percentText(0), percentText(9000), percentText(3334), percentText(5)]).toEqual([
      '0 %',
      '90 %',
      '33.34 %',
      '0.05 %',
    ]);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { auditChanges, fieldLabel } from '../audit-diff';
import { actionName, actionWords } from '../audit-words';
import { formatTime } from '../format';
import { renderBackoffice } from '../testing';
import { actorWords, AuditLog } from './audit-log';

/** The entries' time as the back office writes it, in the zone the tests run in. */
const AT = formatTime('2026-11-20T10:00:00.000Z');

const entry = (overrides: Record<string, unknown>) => ({
  id: 'a1',
  at: '2026-11-20T10:00:00.000Z',
  operator: 'ravi',
  action: '/api/backoffice/credit',
  target: 'alice',
  before: null,
  after: null,
  outcome: 'done: ok',
  ...overrides,
});

/** The rows of the audit table as text, cell by cell. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));

describe('audit log', () => {
  it('says each action in words and shows only what changed, money in rupees', async () => {
    const { callsTo } = routeFetch({
      '/api/backoffice/audit': () => ({
        body: {
          Status: true,
          Result: {
            total: 3,
            entries: [
              entry({
                before: { credit: '100000.00', mainBalance: '100.00' },
                after: { credit: '100500.00', mainBalance: '600.00' },
                outcome: 'done: Gave 500.00 to alice: credit 100500.00, main balance 600.00',
              }),
              entry({
                id: 'a2',
                operator: 'agent:demo_agent',
                action: 'agent.partnership',
                target: 'bob',
                before: { partnershipBp: 8000 },
                after: { partnershipBp: 7500, takesVersions: 2 },
              }),
              entry({
                id: 'a3',
                operator: 'ops-token',
                action: '/api/ops/void-market',
                target: '1.301',
                after: { voided: true, reason: 'Rain' },
                outcome: 'refused: Market 1.301 is already settled',
              }),
            ],
          },
        },
      }),
    });
    renderBackoffice(<AuditLog />);
    const table = await screen.findByRole('region', { name: 'Audit log' });
    expect(rows(table)).toEqual([
      [
        AT,
        'ravi',
        'Credited ₹500.00 to alice',
        'Credit ₹1,00,000.00 → to ₹1,00,500.00Main balance ₹100.00 → to ₹600.00',
        'Done',
      ],
      [
        AT,
        'demo_agent (agent)',
        'Set the partnership of bob to 75 %',
        'Partnership 80 % → to 75 %Takes versions 2',
        'Done',
      ],
      [
        AT,
        'Operator token (CLI)',
        'Tried to void market 1.301',
        'Voided YesReason Rain',
        'Refused: Market 1.301 is already settled',
      ],
    ]);
    expect(table.textContent).not.toMatch(/\/api\/|Paise|Bp\b|[{}]/);
    expect(callsTo('/api/backoffice/audit')[0]?.url).toBe('/api/backoffice/audit?skip=0&take=25');
  });
});

describe('actionWords', () => {
  const words = (overrides: Record<string, unknown>) => actionWords(entry(overrides));

  it('names what was done to whom, with its amount', () => {
    expect(words({ before: { credit: '1000.00' }, after: { credit: '750.00' } })).toBe(
      'Took ₹250.00 of credit from alice',
    );
    expect(words({ action: '/api/backoffice/lock-betting', after: { locked: true } })).toBe(
      'Locked betting of alice',
    );
    expect(words({ action: '/api/backoffice/lock-betting', after: { locked: false } })).toBe(
      'Unlocked betting of alice',
    );
    expect(
      words({ action: '/api/ops/unlock-event', target: 'event 7', after: { locked: false } }),
    ).toBe('Unlocked betting on event 7');
    expect(words({ action: '/api/backoffice/void', target: '301-1' })).toBe(
      'Voided the fancy session 301-1',
    );
    expect(
      words({
        action: '/api/backoffice/declare-result',
        target: '1.301',
        after: { winner: 30101 },
      }),
    ).toBe('Declared selection 30101 the winner of market 1.301');
    expect(
      words({
        action: '/api/backoffice/matka-declare',
        target: 'matka 9',
        after: { result: '45' },
      }),
    ).toBe('Declared 45 for matka market 9');
    expect(words({ action: '/api/backoffice/casino-void', target: 'casino r-0001' })).toBe(
      'Voided casino round r-0001',
    );
    expect(
      words({
        action: '/api/backoffice/limit-ceiling',
        after: { limit: 'lossDay', ceiling: 5000 },
      }),
    ).toBe('Set a ceiling of ₹5,000.00 on the daily loss limit of alice');
    expect(
      words({ action: '/api/backoffice/limit-ceiling', after: { limit: 'session', ceiling: 90 } }),
    ).toBe('Set a ceiling of 1 hour 30 minutes on the session limit of alice');
    expect(
      words({
        action: 'agent.deposit',
        target: 'demo_agent',
        before: { actorBalancePaise: '80000000', childBalancePaise: '0' },
        after: { actorBalancePaise: '20000000', childBalancePaise: '60000000' },
      }),
    ).toBe('Deposited ₹6,00,000.00 to demo_agent');
    expect(
      words({
        action: 'agent.create-user',
        target: 'demo_sm',
        after: { level: 'supermaster', parent: 'admin' },
      }),
    ).toBe('Created super master demo_sm under admin');
    expect(words({ action: '/api/backoffice/login', target: 'ravi' })).toBe('Logged in');
    expect(
      words({
        action: 'agent.signup-approve',
        target: 'signup request 7',
        after: { request: '7', status: 'approved', client: 'meera' },
      }),
    ).toBe('Approved sign-up request 7: client meera');
  });

  it('falls back to the action in words, never its route', () => {
    expect(words({ action: '/api/ops/fixture-step', target: 'event 9' })).toBe(
      'Fixture step: event 9',
    );
    expect(actionName('/api/ops/agent/admin-password')).toBe('admin-password');
    expect(actorWords('ravi')).toBe('ravi');
  });
});

describe('auditChanges', () => {
  it('keeps only the fields that changed, each in words', () => {
    expect(
      auditChanges(
        { mid: '9', status: 'settled', result: '45', stakedPaise: '25000', bets: 3 },
        { mid: '9', status: 'rolled back', result: null, stakedPaise: '25000', bets: 3 },
      ),
    ).toEqual([
      { field: 'State', before: 'Settled', after: 'Rolled back' },
      { field: 'Result', before: '45', after: '—' },
    ]);
    expect(
      auditChanges({ kind: 'self_exclusion', until: '2026-11-20T10:00:00.000Z' }, null),
    ).toEqual([
      { field: 'Exclusion', before: 'Self-exclusion', after: '—' },
      { field: 'Until', before: AT, after: '—' },
    ]);
    expect(
      auditChanges(null, { roundId: 'r1', gameId: 'sevenupsevendown', releasedPaise: '50050' }),
    ).toEqual([
      { field: 'Round', before: '—', after: 'r1' },
      { field: 'Game', before: '—', after: '7 Up Down' },
      { field: 'Stake released', before: '—', after: '₹500.50' },
    ]);
    expect(auditChanges({ winLimit: 5000 }, { winLimit: null })).toEqual([
      { field: 'Winning limit', before: '₹5,000.00', after: 'Default' },
    ]);
    expect(auditChanges(null, undefined)).toEqual([]);
    expect(fieldLabel('someNewPaise')).toBe('Some new');
  });
});

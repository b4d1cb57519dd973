import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { headersOf, renderBackoffice } from '../testing';
import { REASON_MESSAGE } from './action-dialog';
import { MatkaCasino } from './matka-casino';
import { eventually } from '../../../test/eventually';

const MATKA = '/api/backoffice/matka';
const ROUNDS = '/api/backoffice/casino-rounds';
const CASINO_VOID = '/api/backoffice/casino-void';
const MATKA_DECLARE = '/api/backoffice/matka-declare';
const MATKA_ROLLBACK = '/api/backoffice/matka-rollback';

const market = (mid: number, status: string, result: string | null) => ({
  mid,
  game: 'KALYAN',
  openAt: '2026-11-20T09:00:00.000Z',
  closeAt: '2026-11-20T15:00:00.000Z',
  status,
  result,
  bets: 4,
  staked: 800,
});

function renderScreen() {
  const ok = (Result: string) => () => ({ body: { Status: true, Result } });
  const api = routeFetch({
    [MATKA]: () => ({
      body: {
        Status: true,
        Result: [
          market(71, 'closed', null),
          market(72, 'settled', '47'),
          { ...market(73, 'rolled back', null), bets: 1200, staked: 100500 },
        ],
      },
    }),
    [ROUNDS]: () => ({
      body: {
        Status: true,
        Result: [
          {
            roundId: 'round_0001',
            username: 'alice',
            gameId: 'sevenupsevendown',
            stake: 200,
            openedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    }),
    [CASINO_VOID]: ok('Round round_0001 voided: ₹200.00 released'),
    [MATKA_DECLARE]: ok('Declared 05 for KALYAN: 4 bets settled'),
    [MATKA_ROLLBACK]: ok('KALYAN rolled back'),
  });
  renderBackoffice(<MatkaCasino />, { role: 'risk' });
  return api;
}

const dialog = () => screen.getByRole('dialog');

describe('matka and casino', () => {
  it('cannot void a casino round without a reason, and sends one with its key', async () => {
    const { callsTo } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Void round round_0001' }));
    expect(within(dialog()).getByText(/^Void round round_0001 of alice/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Void' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe(REASON_MESSAGE);
    expect(callsTo(CASINO_VOID)).toHaveLength(0);
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: 'Provider never settled' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Void' }));
    await eventually(() => expect(callsTo(CASINO_VOID)).toHaveLength(1));
    const [call] = callsTo(CASINO_VOID);
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      roundId: 'round_0001',
      reason: 'Provider never settled',
    });
    expect(headersOf(call?.init).get('Idempotency-Key')).toBeTruthy();
  });

  it('declares a matka result of two digits, and rolls back a settled market with a reason', async () => {
    const { callsTo } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Declare KALYAN (71)' }));
    fireEvent.change(within(dialog()).getByLabelText('Result (00–99)'), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Declare' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'The result is two digits, 00 to 99',
    );
    fireEvent.change(within(dialog()).getByLabelText('Result (00–99)'), {
      target: { value: '05' },
    });
    expect(
      within(dialog()).getByText('Declare 05 for KALYAN (71) and settle its bets?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Declare' }));
    await eventually(() => expect(callsTo(MATKA_DECLARE)).toHaveLength(1));
    expect(JSON.parse(callsTo(MATKA_DECLARE)[0]?.init?.body as string)).toEqual({
      mid: 71,
      result: '05',
    });
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.queryByRole('button', { name: 'Declare KALYAN (72)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Roll back KALYAN (72)' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Roll back' }));
    expect(callsTo(MATKA_ROLLBACK)).toHaveLength(0);
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: 'Wrong result declared' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Roll back' }));
    await eventually(() => expect(callsTo(MATKA_ROLLBACK)).toHaveLength(1));
    expect(JSON.parse(callsTo(MATKA_ROLLBACK)[0]?.init?.body as string)).toEqual({
      mid: 72,
      reason: 'Wrong result declared',
    });
  });

  it('writes states, games, counts and money in words and rupees', async () => {
    renderScreen();
    const matka = await screen.findByRole('region', { name: 'Matka markets' });
    const rolledBack = within(matka).getByText('73').closest('tr')!;
    expect([...rolledBack.cells].slice(3, 7).map((cell) => cell.textContent)).toEqual([
      'Rolled back',
      '—',
      '1,200',
      '₹1,00,500.00',
    ]);
    expect(within(matka).getByText('Closed')).toBeTruthy();
    const rounds = await screen.findByRole('region', { name: 'Open casino rounds' });
    expect(within(rounds).getByText('7 Up Down')).toBeTruthy();
    expect(within(rounds).getByText('₹200.00')).toBeTruthy();
    expect(within(rounds).queryByText('sevenupsevendown')).toBeNull();
  });
});

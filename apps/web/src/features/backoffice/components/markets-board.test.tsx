import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { headersOf, renderBackoffice } from '../testing';
import { REASON_MESSAGE } from './action-dialog';
import { MarketsBoard } from './markets-board';
import { eventually } from '../../../test/eventually';

const EVENTS = '/api/backoffice/events';
const VOID = '/api/backoffice/void';
const DECLARE = '/api/backoffice/declare-result';
const LOCK = '/api/backoffice/lock-event';
const SUSPEND = '/api/backoffice/suspend-market';

const EVENT = {
  eventId: 301,
  sportId: 4,
  seriesName: 'Border-Gavaskar Trophy',
  name: 'India v Australia',
  status: 'inplay',
  startTime: '2026-11-20T09:30:00.000Z',
  isLocked: false,
  markets: [
    {
      marketId: '1.301',
      name: 'Match Odds',
      status: 'OPEN',
      isSuspendedByOperator: false,
      settlement: 'none',
      runners: [
        { selectionId: '30101', name: 'India' },
        { selectionId: '30102', name: 'Australia' },
      ],
    },
    {
      marketId: '301B',
      name: 'Bookmaker',
      status: 'CLOSED',
      isSuspendedByOperator: true,
      settlement: 'settled',
      runners: [],
    },
  ],
  fancy: [{ selectionId: '301-1', name: '6 Over Runs IND', isCustom: false, settlement: 'none' }],
};

/** An upcoming football match with nothing suspended, and a closed cricket match whose betting is locked. */
const OTHERS = [
  {
    ...EVENT,
    eventId: 402,
    sportId: 1,
    seriesName: 'Premier League',
    name: 'Arsenal v Chelsea',
    status: 'upcoming',
    markets: [{ ...EVENT.markets[0]!, marketId: '1.402', isSuspendedByOperator: false }],
    fancy: [],
  },
  {
    ...EVENT,
    eventId: 503,
    seriesName: 'Ranji Trophy',
    name: 'Mumbai v Delhi',
    status: 'closed',
    isLocked: true,
    markets: [],
    fancy: [],
  },
];

function renderBoard(
  answer = { Status: true, Result: 'Voided 1.301: 12 bets, stakes returned' },
  events: readonly object[] = [EVENT],
) {
  const api = routeFetch({
    [EVENTS]: () => ({ body: { Status: true, Result: events } }),
    [VOID]: () => ({ body: answer }),
    [DECLARE]: () => ({ body: { Status: true, Result: 'Declared India: 12 bets settled' } }),
    [LOCK]: () => ({ body: { Status: true, Result: 'Event 301 locked' } }),
    [SUSPEND]: () => ({ body: { Status: true, Result: 'Market 301B resumed' } }),
  });
  renderBackoffice(<MarketsBoard />);
  return api;
}

const dialog = () => screen.getByRole('dialog');
const confirm = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

describe('markets board', () => {
  it('cannot send a void without a reason', async () => {
    const { callsTo } = renderBoard();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Void Match Odds (India v Australia)' }),
    );
    expect(within(dialog()).getByText(/^Void Match Odds \(India v Australia\)\?/)).toBeTruthy();
    confirm('Void');
    expect(within(dialog()).getByRole('alert').textContent).toBe(REASON_MESSAGE);
    const reason = within(dialog()).getByLabelText('Reason (required)');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: '  ' } });
    confirm('Void');
    expect(callsTo(VOID)).toHaveLength(0);
  });

  it('sends a void with its reason and an Idempotency-Key, toasts the answer and reloads', async () => {
    const success = vi.spyOn(toast, 'success');
    const { callsTo } = renderBoard();
    const button = await screen.findByRole('button', {
      name: 'Void Match Odds (India v Australia)',
    });
    button.focus();
    fireEvent.click(button);
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: ' Match abandoned: rain ' },
    });
    confirm('Void');
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = callsTo(VOID);
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      target: '1.301',
      reason: 'Match abandoned: rain',
    });
    expect(headersOf(call?.init).get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(success).toHaveBeenCalledWith('Voided 1.301: 12 bets, stakes returned');
    await eventually(() => expect(callsTo(EVENTS)).toHaveLength(2));
    // The dialog gave the focus back to the button that opened it.
    expect(document.activeElement).toBe(button);
  });

  it("toasts a refusal with the server's words", async () => {
    const error = vi.spyOn(toast, 'error');
    renderBoard({ Status: false, Result: 'Market 1.301 is already settled' });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Void Match Odds (India v Australia)' }),
    );
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: 'Wrong feed' },
    });
    confirm('Void');
    await eventually(() => expect(error).toHaveBeenCalledWith('Market 1.301 is already settled'));
  });

  it('declares the winner picked, saying what will happen', async () => {
    const { callsTo } = renderBoard();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Declare Match Odds (India v Australia)' }),
    );
    confirm('Declare');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Pick the winner');
    expect(callsTo(DECLARE)).toHaveLength(0);
    fireEvent.change(within(dialog()).getByLabelText('Winner'), { target: { value: '30101' } });
    expect(
      within(dialog()).getByText(
        'Declare India the winner of Match Odds (India v Australia) and settle its bets?',
      ),
    ).toBeTruthy();
    confirm('Declare');
    await eventually(() => expect(callsTo(DECLARE)).toHaveLength(1));
    const [call] = callsTo(DECLARE);
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      marketId: '1.301',
      winnerSelectionId: 30101,
    });
    expect(headersOf(call?.init).get('Idempotency-Key')).toBeTruthy();
  });

  it('declares the final runs of a fancy session', async () => {
    const { callsTo } = renderBoard();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Declare runs of 6 Over Runs IND (India v Australia)',
      }),
    );
    fireEvent.change(within(dialog()).getByLabelText('Final runs'), { target: { value: '47' } });
    confirm('Declare');
    await eventually(() => expect(callsTo(DECLARE)).toHaveLength(1));
    expect(JSON.parse(callsTo(DECLARE)[0]?.init?.body as string)).toEqual({
      eventId: 301,
      selectionId: '301-1',
      runs: 47,
    });
  });

  it('locks an event and resumes a market at once, with no key', async () => {
    const { callsTo } = renderBoard();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Lock betting on India v Australia' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume Bookmaker (India v Australia)' }));
    await eventually(() => expect(callsTo(SUSPEND)).toHaveLength(1));
    expect(JSON.parse(callsTo(LOCK)[0]?.init?.body as string)).toEqual({
      eventId: 301,
      locked: true,
    });
    expect(JSON.parse(callsTo(SUSPEND)[0]?.init?.body as string)).toEqual({
      marketId: '301B',
      suspended: false,
    });
    expect(headersOf(callsTo(LOCK)[0]?.init).get('Idempotency-Key')).toBeNull();
    // A settled market offers only its rollback.
    expect(
      screen.getByRole('button', { name: 'Roll back Bookmaker (India v Australia)' }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: 'Declare Bookmaker (India v Australia)' }),
    ).toBeNull();
  });

  it('shows states in words: In play, Open, Suspended by operator', async () => {
    renderBoard();
    const card = await screen.findByRole('article', { name: 'India v Australia' });
    expect(card.textContent).toContain('Cricket · Border-Gavaskar Trophy');
    expect(card.textContent).toContain('In play');
    expect(within(card).getAllByText('Open').length).toBeGreaterThan(0);
    expect(within(card).getByText('Suspended by operator')).toBeTruthy();
    expect(card.textContent).not.toMatch(/inplay|ACTIVE|OPEN/);
  });

  it('finds events by name, sport and state, and says when none matches', async () => {
    renderBoard(undefined, [EVENT, ...OTHERS]);
    await screen.findByRole('article', { name: 'India v Australia' });
    const names = () =>
      screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    expect(names()).toEqual(['India v Australia', 'Arsenal v Chelsea', 'Mumbai v Delhi']);

    const search = screen.getByLabelText('Search events');
    fireEvent.change(search, { target: { value: 'chelsea' } });
    expect(names()).toEqual(['Arsenal v Chelsea']);
    // The series' name is searched too.
    fireEvent.change(search, { target: { value: 'ranji' } });
    expect(names()).toEqual(['Mumbai v Delhi']);
    fireEvent.change(search, { target: { value: '' } });

    const sport = screen.getByLabelText('Sport');
    expect(
      within(sport)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All sports', 'Cricket', 'Soccer']);
    fireEvent.change(sport, { target: { value: '4' } });
    expect(names()).toEqual(['India v Australia', 'Mumbai v Delhi']);

    const state = screen.getByLabelText('State');
    fireEvent.change(state, { target: { value: 'inplay' } });
    expect(names()).toEqual(['India v Australia']);
    fireEvent.change(state, { target: { value: 'locked' } });
    expect(names()).toEqual(['Mumbai v Delhi']);
    fireEvent.change(state, { target: { value: 'suspended' } });
    expect(names()).toEqual(['India v Australia']);
    fireEvent.change(state, { target: { value: 'upcoming' } });
    expect(names()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No event matches these filters.');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(names()).toHaveLength(3);
    expect(screen.getByLabelText<HTMLSelectElement>('Sport').value).toBe('0');
  });
});

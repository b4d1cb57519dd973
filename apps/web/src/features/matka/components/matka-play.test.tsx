import { getMatkaMyBets, matkaPlaceBetBody, placeMatkaBet } from '@backlay/contract/matka';
import { MATKA_MESSAGES } from '@backlay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import {
  emptyListAnswer,
  GAME,
  myBetsAnswer,
  placedAnswer,
  refusedAnswer,
} from '../../../test/fixtures/matka-answers';
import { renderScreen } from '../../../test/render';
import { MATKA_SUBMIT_ERROR, MATKA_SUBMIT_FAILED } from '../api/place-bet';
import { MatkaPlay } from './matka-play';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/sound', () => ({ playSound: vi.fn() }));

const MY_BETS = '/api/Matka/GetMyBets';
const PLACE = '/api/Matka/PlaceBet';

type Answer = { status?: number; body: unknown };

const moneyMoved = vi.fn();

function renderPlay(
  place: () => Answer = () => ({ body: placedAnswer }),
  bets: unknown = emptyListAnswer,
) {
  const fetch = routeFetch({ [MY_BETS]: () => ({ body: bets }), [PLACE]: place });
  renderScreen(
    <MatkaPlay
      game={{ eventName: GAME.EventName, eventId: String(GAME.EventId) }}
      mid={String(GAME.Mid)}
      onMoneyMoved={moneyMoved}
    />,
  );
  return fetch;
}

const form = (name: string) => screen.getByRole('form', { name });
const amountOf = (name: string) => within(form(name)).getByLabelText('Amount');
const confirmIn = (name: string) =>
  fireEvent.click(within(form(name)).getByRole('button', { name: 'Confirm' }));
const dialog = () => screen.getByRole('dialog');
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

function confirmRows() {
  const table = within(dialog()).getByRole('table', { name: 'Bets to place' });
  return within(table)
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

function sentBody(calls: ReturnType<typeof routeFetch>['callsTo'], index = 0) {
  const call = calls(PLACE)[index];
  if (!call) throw new Error('no PlaceBet call');
  return matkaPlaceBetBody.parse(JSON.parse(call.init?.body as string));
}

beforeEach(() => {
  moneyMoved.mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('recorded answers', () => {
  it('parse with the contract', () => {
    expect(getMatkaMyBets.response.safeParse(myBetsAnswer).success).toBe(true);
    expect(getMatkaMyBets.response.safeParse(emptyListAnswer).success).toBe(true);
    expect(placeMatkaBet.response.safeParse(placedAnswer).success).toBe(true);
    expect(placeMatkaBet.response.safeParse(refusedAnswer).success).toBe(true);
  });
});

describe('the board', () => {
  it('shows 01 … 99 then 00, 100 cells', async () => {
    renderPlay();
    const cells = within(screen.getByRole('group', { name: 'Matka board' })).getAllByRole('button');
    expect(cells).toHaveLength(100);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      ...Array.from({ length: 99 }, (_, i) => String(i + 1).padStart(2, '0')),
      '00',
    ]);
    expect(await screen.findByText('No Data Available')).toBeTruthy();
  });

  it('lists the client’s bets on this market, loaded by Mid', async () => {
    const { callsTo } = renderPlay(undefined, myBetsAnswer);
    expect(await screen.findByRole('cell', { name: '45' })).toBeTruthy();
    const url = new URL(callsTo(MY_BETS)[0]!.url, 'http://localhost');
    expect(url.searchParams.get('Mid')).toBe(String(GAME.Mid));
  });

  it('a cell opens the single-bet dialog: a zero amount is refused, a good one is sent', async () => {
    const { callsTo } = renderPlay();
    fireEvent.click(screen.getByRole('button', { name: '45' }));
    const single = dialog();
    fireEvent.click(within(single).getByRole('button', { name: 'Place Bet' }));
    expect(within(single).getByRole('alert').textContent).toContain(MATKA_MESSAGES.amount);
    fireEvent.change(within(single).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.click(within(single).getByRole('button', { name: 'Place Bet' }));
    expect(within(single).getByRole('alert').textContent).toContain(MATKA_MESSAGES.amount);
    expect(callsTo(PLACE)).toHaveLength(0);

    fireEvent.change(within(single).getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(within(single).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bet placed successfully'));
    expect(sentBody(callsTo)).toEqual({
      SportsId: 6,
      EventName: GAME.EventName,
      EventId: String(GAME.EventId),
      TotalAmount: 100,
      SMBets: [{ BetNo: '45', Amount: 100 }],
    });
    const headers = callsTo(PLACE)[0]!.init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the paste form', () => {
  it('shows the format message while typing and refuses on the confirm step', () => {
    const { callsTo } = renderPlay();
    const input = within(form('Paste')).getByLabelText('Numbers@Amount');
    fireEvent.change(input, { target: { value: '45-46-50' } });
    expect(within(form('Paste')).getByRole('alert').textContent).toContain(
      MATKA_MESSAGES.pasteFormat,
    );
    confirmIn('Paste');
    expect(within(form('Paste')).getByRole('alert').textContent).toContain(
      MATKA_MESSAGES.pasteConfirm,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(PLACE)).toHaveLength(0);
  });

  it('45-46-50@100 → three bets of 100, total 300; after submit the form resets and bets reload', async () => {
    const { callsTo } = renderPlay();
    const input = within(form('Paste')).getByLabelText('Numbers@Amount');
    fireEvent.change(input, { target: { value: '45-46-50@100' } });
    expect(within(form('Paste')).queryByRole('alert')).toBeNull();
    confirmIn('Paste');
    expect(confirmRows()).toEqual([
      ['45', '100.00'],
      ['46', '100.00'],
      ['50', '100.00'],
    ]);
    expect(within(dialog()).getByTestId('matka-total').textContent).toContain('300.00');
    await waitFor(() => expect(callsTo(MY_BETS)).toHaveLength(1));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bet placed successfully'));
    expect(sentBody(callsTo)).toMatchObject({
      TotalAmount: 300,
      SMBets: [
        { BetNo: '45', Amount: 100 },
        { BetNo: '46', Amount: 100 },
        { BetNo: '50', Amount: 100 },
      ],
    });
    await waitFor(() => expect(callsTo(MY_BETS)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(valueOf(within(form('Paste')).getByLabelText('Numbers@Amount'))).toBe('');
  });

  it('cancel closes the confirm dialog and sends nothing', () => {
    const { callsTo } = renderPlay();
    fireEvent.change(within(form('Paste')).getByLabelText('Numbers@Amount'), {
      target: { value: '7@10' },
    });
    confirmIn('Paste');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(PLACE)).toHaveLength(0);
  });
});

describe('the crossing form', () => {
  it('refuses without a number in both rows', () => {
    renderPlay();
    fireEvent.click(within(form('Crossing')).getByRole('button', { name: 'Row A 1' }));
    fireEvent.change(amountOf('Crossing'), { target: { value: '10' } });
    confirmIn('Crossing');
    expect(within(form('Crossing')).getByRole('alert').textContent).toContain(
      MATKA_MESSAGES.selectBothRows,
    );
  });

  it('A {1, 2} × B {3} → 13 and 23; the selections reset after submit', async () => {
    const { callsTo } = renderPlay(() => ({ body: refusedAnswer }));
    const crossing = within(form('Crossing'));
    fireEvent.click(crossing.getByRole('button', { name: 'Row A 1' }));
    fireEvent.click(crossing.getByRole('button', { name: 'Row A 2' }));
    fireEvent.click(crossing.getByRole('button', { name: 'Row B 3' }));
    expect(crossing.getByRole('button', { name: 'Row A 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.change(amountOf('Crossing'), { target: { value: '50' } });
    confirmIn('Crossing');
    expect(confirmRows()).toEqual([
      ['13', '50.00'],
      ['23', '50.00'],
    ]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This game is closed'));
    expect(sentBody(callsTo)).toMatchObject({ TotalAmount: 100 });
    const after = within(form('Crossing'));
    expect(after.getByRole('button', { name: 'Row A 1' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(valueOf(after.getByLabelText('Amount'))).toBe('');
  });
});

describe('the Harup form', () => {
  it('refuses with nothing chosen', () => {
    renderPlay();
    fireEvent.change(amountOf('Harup'), { target: { value: '100' } });
    confirmIn('Harup');
    expect(within(form('Harup')).getByRole('alert').textContent).toContain(
      MATKA_MESSAGES.selectBothRows,
    );
  });

  it('refuses a zero amount', () => {
    renderPlay();
    fireEvent.click(within(form('Harup')).getByRole('button', { name: 'Harup A 5555' }));
    confirmIn('Harup');
    expect(within(form('Harup')).getByRole('alert').textContent).toContain(MATKA_MESSAGES.amount);
  });

  it('A 5 at 100 → 50 … 59 at 10 each', async () => {
    const { callsTo } = renderPlay();
    fireEvent.click(within(form('Harup')).getByRole('button', { name: 'Harup A 5555' }));
    fireEvent.change(amountOf('Harup'), { target: { value: '100' } });
    confirmIn('Harup');
    expect(confirmRows()).toEqual(Array.from({ length: 10 }, (_, d) => [`5${d}`, '10.00']));
    expect(within(dialog()).getByTestId('matka-total').textContent).toContain('100.00');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(PLACE)).toHaveLength(1));
    const body = sentBody(callsTo);
    expect(body.TotalAmount).toBe(100);
    expect(body.SMBets).toEqual(
      Array.from({ length: 10 }, (_, d) => ({ BetNo: `5${d}`, Amount: 10 })),
    );
  });
  it('A 5 and B 5 at 100 → each number once: 55 at 20, the rest at 10, total 200', async () => {
    const { callsTo } = renderPlay();
    fireEvent.click(within(form('Harup')).getByRole('button', { name: 'Harup A 5555' }));
    fireEvent.click(within(form('Harup')).getByRole('button', { name: 'Harup B 555' }));
    fireEvent.change(amountOf('Harup'), { target: { value: '100' } });
    confirmIn('Harup');
    const expected = [
      ...Array.from({ length: 10 }, (_, d) => [`5${d}`, d === 5 ? '20.00' : '10.00']),
      ...['0', '1', '2', '3', '4', '6', '7', '8', '9'].map((d) => [`${d}5`, '10.00']),
    ];
    expect(confirmRows()).toEqual(expected);
    expect(within(dialog()).getByTestId('matka-total').textContent).toContain('200.00');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(PLACE)).toHaveLength(1));
    const body = sentBody(callsTo);
    expect(body.TotalAmount).toBe(200);
    expect(body.SMBets).toEqual(
      expected.map(([BetNo, amount]) => ({ BetNo, Amount: Number(amount) })),
    );
  });
});

describe('the answers (SPEC §8)', () => {
  async function submitPaste() {
    fireEvent.change(within(form('Paste')).getByLabelText('Numbers@Amount'), {
      target: { value: '45@100' },
    });
    confirmIn('Paste');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), {
      timeout: 3000,
    });
  }

  it('200 with Status true: the Result as success', async () => {
    renderPlay(() => ({ body: placedAnswer }));
    await submitPaste();
    expect(toast.success).toHaveBeenCalledWith('Bet placed successfully');
    expect(toast.error).not.toHaveBeenCalled();
    // The wallet reloads at once after a placed bet, as after a sports bet.
    expect(moneyMoved).toHaveBeenCalledTimes(1);
  });

  it('200 with Status false: the Result as error', async () => {
    renderPlay(() => ({ body: refusedAnswer }));
    await submitPaste();
    expect(toast.error).toHaveBeenCalledWith('This game is closed');
    expect(toast.success).not.toHaveBeenCalled();
    expect(moneyMoved).not.toHaveBeenCalled();
  });

  it('non-200 with a message: that message', async () => {
    renderPlay(() => ({ status: 400, body: { Status: false, Result: 'Bad bet' } }));
    await submitPaste();
    expect(toast.error).toHaveBeenCalledWith('Bad bet');
  });

  it('non-200 without a message: the fallback', async () => {
    renderPlay(() => ({ status: 400, body: null }));
    await submitPaste();
    expect(toast.error).toHaveBeenCalledWith(MATKA_SUBMIT_FAILED);
    expect(valueOf(within(form('Paste')).getByLabelText('Numbers@Amount'))).toBe('');
  });

  it('an exception: the error message, after retrying with the same key', async () => {
    const { fetch } = renderPlay();
    fetch.mockImplementation(async (url: string) => {
      if (url.startsWith(PLACE)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(emptyListAnswer), { status: 200 });
    });
    await submitPaste();
    expect(toast.error).toHaveBeenCalledWith(MATKA_SUBMIT_ERROR);
    const keys = fetch.mock.calls
      .filter(([url]) => url.startsWith(PLACE))
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });
});

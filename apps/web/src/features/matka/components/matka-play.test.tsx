import { getMatkaMyBets, matkaPlaceBetBody, placeMatkaBet } from '@backlay/contract/matka';
import { MATKA_MESSAGES } from '@backlay/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { routeFetch } from '../../../test/fetch';
import {
  emptyListAnswer,
  GAME,
  GAME_END,
  gamesAnswer,
  MATKA_NOW,
  myBetsAnswer,
  placedAnswer,
  refusedAnswer,
} from '../../../test/fixtures/matka-answers';
import { renderScreen } from '../../../test/render';
import { matkaChangedPut } from '../api/live';
import { MATKA_SUBMIT_ERROR, MATKA_SUBMIT_FAILED } from '../api/place-bet';
import { MatkaPlay } from './matka-play';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/sound', () => ({ playSound: vi.fn() }));

const GAMES = '/api/Matka/GetEventMarkets';
const MY_BETS = '/api/Matka/GetMyBets';
const PLACE = '/api/Matka/PlaceBet';

type Answer = { status?: number; body: unknown };

const moneyMoved = vi.fn();

function renderPlay(
  place: () => Answer = () => ({ body: placedAnswer }),
  bets: unknown = emptyListAnswer,
  { payout = 90, games = gamesAnswer }: { payout?: number | null; games?: unknown } = {},
) {
  const fetch = routeFetch({
    [GAMES]: () => ({ body: games }),
    [MY_BETS]: () => ({ body: bets }),
    [PLACE]: place,
  });
  const view = renderScreen(
    <MatkaPlay
      game={{ eventName: GAME.EventName, eventId: String(GAME.EventId) }}
      mid={String(GAME.Mid)}
      payout={payout}
      onMoneyMoved={moneyMoved}
    />,
  );
  return { ...fetch, client: view.client };
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
  // Inside Kalyan's window (10:00 to 16:00 in Kolkata): the board is open.
  vi.useFakeTimers({ now: Date.parse(MATKA_NOW), toFake: ['Date'] });
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

describe('the answers (docs/product.md#errors)', () => {
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

const preview = (formName: string) =>
  within(form(formName)).getByRole('region', { name: `${formName} preview` });
const summaryOf = (formName: string) =>
  within(preview(formName)).getByTestId('matka-preview-summary').textContent;
const previewNumbers = (formName: string) =>
  within(preview(formName))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const previewNotesOf = (formName: string) =>
  [...preview(formName).querySelectorAll('p')]
    .filter((note) => note.getAttribute('data-testid') === null)
    .map((note) => note.textContent);
const typePaste = (value: string) =>
  fireEvent.change(within(form('Paste')).getByLabelText('Numbers@Amount'), { target: { value } });
const toggle = (formName: string, name: string) =>
  fireEvent.click(within(form(formName)).getByRole('button', { name }));

describe('the live previews', () => {
  it('paste: the count, the total, what one hit pays and the numbers, as the confirm dialog lists them', () => {
    renderPlay();
    expect(preview('Paste').getAttribute('data-testid')).toBe('matka-preview');
    expect(summaryOf('Paste')).toBe('');
    typePaste('45-46-50@100');
    expect(summaryOf('Paste')).toBe('3 bets · ₹300.00 · pays ₹9,000.00 if one hits');
    expect(previewNumbers('Paste')).toEqual(['45', '46', '50']);
    expect(previewNotesOf('Paste')).toEqual([]);
    confirmIn('Paste');
    expect(within(dialog()).getByTestId('matka-confirm-summary').textContent).toBe(
      '3 bets · ₹300.00 · pays ₹9,000.00 if one hits',
    );
    expect(confirmRows().map(([number]) => number)).toEqual(['45', '46', '50']);
  });

  it('paste: says what it dropped (above 99) and what was typed twice (two bets)', () => {
    renderPlay();
    typePaste('45-100-45-7-250@10');
    expect(summaryOf('Paste')).toBe('3 bets · ₹30.00 · pays up to ₹1,800.00 if one hits');
    expect(previewNumbers('Paste')).toEqual(['45', '45', '07']);
    expect(previewNotesOf('Paste')).toEqual([
      'Dropped, above 99: 100, 250',
      'Typed more than once, each kept as its own bet: 45 ×2',
    ]);
    confirmIn('Paste');
    expect(confirmRows()).toEqual([
      ['45', '10.00'],
      ['45', '10.00'],
      ['07', '10.00'],
    ]);
    expect(within(dialog()).getByTestId('matka-total').textContent).toContain('30.00');
  });

  it('paste: a malformed line shows its message once, in the form’s alert', () => {
    renderPlay();
    typePaste('45-46');
    expect(within(form('Paste')).getByRole('alert').textContent).toBe(MATKA_MESSAGES.pasteFormat);
    expect(summaryOf('Paste')).toBe('');
    expect(previewNumbers('Paste')).toEqual([]);
  });

  it('paste: without the site’s payout, no payout is promised', () => {
    renderPlay(undefined, undefined, { payout: null });
    typePaste('45@10');
    expect(summaryOf('Paste')).toBe('1 bet · ₹10.00');
  });

  it('crossing: the form’s messages while choosing, then 12 bets of A 1 2 3 × B 4 5 6 7 at 100', () => {
    renderPlay();
    expect(summaryOf('Crossing')).toBe('');
    toggle('Crossing', 'Row A 1');
    expect(summaryOf('Crossing')).toBe(MATKA_MESSAGES.selectBothRows);
    expect(within(form('Crossing')).queryByRole('alert')).toBeNull();
    for (const name of ['Row A 2', 'Row A 3', 'Row B 4', 'Row B 5', 'Row B 6', 'Row B 7']) {
      toggle('Crossing', name);
    }
    expect(summaryOf('Crossing')).toBe(MATKA_MESSAGES.amount);
    fireEvent.change(amountOf('Crossing'), { target: { value: '100' } });
    expect(summaryOf('Crossing')).toBe('12 bets · ₹1,200.00 · pays ₹9,000.00 if one hits');
    expect(previewNumbers('Crossing')).toEqual(
      ['1', '2', '3'].flatMap((a) => ['4', '5', '6', '7'].map((b) => `${a}${b}`)),
    );
    confirmIn('Crossing');
    expect(confirmRows()).toHaveLength(12);
    expect(within(dialog()).getByTestId('matka-confirm-summary').textContent).toBe(
      '12 bets · ₹1,200.00 · pays ₹9,000.00 if one hits',
    );
  });

  it('crossing: a refusal on Confirm shows once, and goes with the next change', () => {
    renderPlay();
    fireEvent.change(amountOf('Crossing'), { target: { value: '10' } });
    confirmIn('Crossing');
    expect(within(form('Crossing')).getByRole('alert').textContent).toBe(
      MATKA_MESSAGES.selectBothRows,
    );
    expect(summaryOf('Crossing')).toBe('');
    toggle('Crossing', 'Row A 1');
    expect(within(form('Crossing')).queryByRole('alert')).toBeNull();
    expect(summaryOf('Crossing')).toBe(MATKA_MESSAGES.selectBothRows);
  });

  it('Harup: A 5555 and B 555 at 100 — 19 bets, 55 with both tenths, as Confirm lists them', () => {
    renderPlay();
    toggle('Harup', 'Harup A 5555');
    toggle('Harup', 'Harup B 555');
    fireEvent.change(amountOf('Harup'), { target: { value: '100' } });
    expect(summaryOf('Harup')).toBe('19 bets · ₹200.00 · pays up to ₹1,800.00 if one hits');
    expect(previewNotesOf('Harup')).toEqual(['In both rows, one bet with both tenths: 55']);
    const numbers = previewNumbers('Harup');
    confirmIn('Harup');
    expect(confirmRows().map(([number]) => number)).toEqual(numbers);
  });
});

const HEAT_BETS = {
  Status: true,
  Result: [
    { betNo: '45', Amount: 100 },
    { betNo: '46', Amount: 40 },
    { betNo: '45', Amount: 100 },
    { betNo: '50', Amount: 100 },
  ].map((bet, index) => ({
    ...myBetsAnswer.Result[0]!,
    ...bet,
    CreatedOn: `2026-11-22T11:0${index}:00+05:30`,
  })),
};

const cell = (name: string) =>
  within(screen.getByRole('group', { name: 'Matka board' })).getByRole('button', { name });

describe('the heat map', () => {
  it('shows the player’s stake on each number: none, some, or heavy from half the largest on', async () => {
    renderPlay(undefined, getMatkaMyBets.response.parse(HEAT_BETS));
    expect((await screen.findByTestId('matka-exposure')).textContent).toBe(
      'Your exposure on this game: ₹340.00',
    );
    const heavy = cell('45, your stake ₹200.00, heavy');
    expect(heavy.getAttribute('data-heat')).toBe('heavy');
    expect(heavy.textContent).toBe('45');
    expect(heavy.querySelector('[data-stake]')?.getAttribute('data-stake')).toBe('200');
    expect(cell('46, your stake ₹40.00, some').getAttribute('data-heat')).toBe('some');
    expect(cell('50, your stake ₹100.00, heavy').getAttribute('data-heat')).toBe('heavy');
    expect(cell('47').getAttribute('data-heat')).toBe('none');
  });

  it('a tap on a number lists the player’s bets on it above the bet form', async () => {
    renderPlay(undefined, getMatkaMyBets.response.parse(HEAT_BETS));
    fireEvent.click(await screen.findByRole('button', { name: /^45, your stake/ }));
    const yours = within(dialog()).getByRole('region', { name: 'Your bets on 45' });
    expect(
      within(yours)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `₹100.00Active${formatDateTime('2026-11-22T11:00:00+05:30')}`,
      `₹100.00Active${formatDateTime('2026-11-22T11:02:00+05:30')}`,
    ]);
    expect(within(yours).getByTestId('matka-your-total').textContent).toBe('Total ₹200.00');
    expect(within(dialog()).getByRole('form', { name: 'Bet on 45' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(cell('47'));
    expect(within(dialog()).queryByRole('region', { name: /Your bets/ })).toBeNull();
  });

  it('reads Pending bets only as exposure', async () => {
    const settled = {
      Status: true,
      Result: HEAT_BETS.Result.map((bet) => ({ ...bet, BetStatus: 'Lost', PL: -bet.Amount })),
    };
    renderPlay(undefined, getMatkaMyBets.response.parse(settled));
    expect((await screen.findByTestId('matka-exposure')).textContent).toBe(
      'Your exposure on this game: ₹0.00',
    );
    expect(cell('45, your stake ₹200.00, heavy')).toBeTruthy();
  });
});

const END = Date.parse(GAME_END);

/** Lets the board's reads answer without moving the fake clock. */
async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

async function elapse(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, 1000));
    });
  }
}

const countdown = () => screen.queryByTestId('matka-countdown')?.textContent ?? null;
const closedNote = () => screen.queryByTestId('matka-closed')?.textContent ?? null;
const boardCells = () =>
  within(screen.getByRole('group', { name: 'Matka board' })).getAllByRole<HTMLButtonElement>(
    'button',
  );
const forms = () => screen.getByRole<HTMLFieldSetElement>('group', { name: 'Bet forms' });

describe('the close', () => {
  it('counts down to EndTime and locks the board at zero, without a reload', async () => {
    vi.useFakeTimers({ now: END - 62_500 });
    const { callsTo } = renderPlay();
    await settle();
    expect(countdown()).toBe('Closes in 1:03');
    expect(closedNote()).toBeNull();
    expect(boardCells().every((button) => !button.disabled)).toBe(true);
    expect(forms().disabled).toBe(false);
    await elapse(500);
    expect(countdown()).toBe('Closes in 1:02');
    await elapse(61_000);
    expect(countdown()).toBe('Closes in 0:01');
    await elapse(999);
    expect(countdown()).toBe('Closes in 0:01');
    await elapse(1);
    expect(countdown()).toBeNull();
    expect(closedNote()).toBe('Closed for betting');
    expect(screen.getByTestId('matka-closed').closest('[role="status"]')).toBeTruthy();
    expect(boardCells().every((button) => button.disabled)).toBe(true);
    expect(forms().disabled).toBe(true);
    // Locked by the clock alone: the games list read meanwhile still said open.
    expect(callsTo(GAMES).length).toBeGreaterThan(0);
  });

  it('writes hours from an hour on', async () => {
    vi.useFakeTimers({ now: END - 3_723_000 });
    renderPlay();
    await settle();
    expect(countdown()).toBe('Closes in 1:02:03');
  });

  it('turns Submit off in an open confirm dialog when the close comes', async () => {
    vi.useFakeTimers({ now: END - 2_000 });
    renderPlay();
    await settle();
    typePaste('45@100');
    confirmIn('Paste');
    const submit = within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(false);
    await elapse(2_000);
    expect(submit.disabled).toBe(true);
    expect(within(dialog()).getByRole('status').textContent).toBe('Closed for betting');
  });

  it('is closed from the start for a market the games list says is closed or not current', async () => {
    const closed = {
      ...gamesAnswer,
      Result: gamesAnswer.Result.map((game) => ({ ...game, isOpen: false })),
    };
    renderPlay(undefined, undefined, { games: closed });
    await waitFor(() => expect(closedNote()).toBe('Closed for betting'));
    expect(countdown()).toBeNull();
    cleanup();
    const moved = {
      ...gamesAnswer,
      Result: gamesAnswer.Result.map((game, index) =>
        index === 0 ? { ...game, Mid: GAME.Mid + 1, id: GAME.Mid + 1 } : game,
      ),
    };
    renderPlay(undefined, undefined, { games: moved });
    await waitFor(() => expect(closedNote()).toBe('Closed for betting'));
  });
});

const push = (
  Status: 'open' | 'closed' | 'settled' | 'voided' | 'rolled back',
  Result = null as string | null,
) => ({
  EventId: GAME.EventId,
  Mid: GAME.Mid,
  Status,
  Result,
  EndTime: GAME_END,
});

describe('the hub’s MatkaChanged', () => {
  it('closed: locks the open board at once, before its EndTime, and the board reads again', async () => {
    const { client, callsTo } = renderPlay();
    await waitFor(() => expect(countdown()).toBe('Closes in 4:00:00'));
    act(() => matkaChangedPut(client, push('closed')));
    // The games list still answers open (the fixture): the push alone locks the board.
    await waitFor(() => expect(closedNote()).toBe('Closed for betting'));
    expect(countdown()).toBeNull();
    expect(boardCells().every((button) => button.disabled)).toBe(true);
    expect(forms().disabled).toBe(true);
    await waitFor(() => expect(callsTo(MY_BETS)).toHaveLength(2));
    expect(callsTo(GAMES)).toHaveLength(2);
  });

  it('settled: marks the winning number on the board, says Result 45, and rolled back clears it', async () => {
    const { client } = renderPlay(undefined, getMatkaMyBets.response.parse(HEAT_BETS));
    await screen.findByTestId('matka-exposure');
    act(() => matkaChangedPut(client, push('settled', '45')));
    await waitFor(() => expect(screen.getByTestId('matka-result').textContent).toBe('Result 45'));
    const won = cell('45, your stake ₹200.00, heavy, winning number');
    expect(won.getAttribute('data-result')).toBe('win');
    expect(cell('46, your stake ₹40.00, some').getAttribute('data-result')).toBeNull();
    expect(closedNote()).toBe('Closed for betting');
    act(() => matkaChangedPut(client, push('rolled back')));
    await waitFor(() => expect(screen.queryByTestId('matka-result')).toBeNull());
    expect(won.getAttribute('data-result')).toBeNull();
    expect(closedNote()).toBe('Closed for betting');
  });

  it('open: a market a push opens takes bets, counting to the pushed EndTime', async () => {
    const closed = {
      ...gamesAnswer,
      Result: gamesAnswer.Result.map((game) => ({ ...game, isOpen: false })),
    };
    const { client } = renderPlay(undefined, undefined, { games: closed });
    await waitFor(() => expect(closedNote()).toBe('Closed for betting'));
    act(() => matkaChangedPut(client, push('open')));
    await waitFor(() => expect(closedNote()).toBeNull());
    expect(countdown()).toBe('Closes in 4:00:00');
  });
});

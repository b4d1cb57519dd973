import type { Chip, Stake } from '@backlay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BetSelection } from '../../../lib/bet-selection';
import { FRESH, type PriceFreshness } from '../../../lib/price-freshness';
import { setBetSound } from '../../../lib/preferences';
import { storeLogin } from '../../../lib/session';
import { playSound } from '../../../lib/sound';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import { BetSlip } from './bet-slip';
import { eventually } from '../../../test/eventually';

vi.mock('../../../lib/sound', () => ({ playSound: vi.fn() }));

const E = 31200001;
const MATCH: BetSelection = {
  sportsId: 4,
  eventId: E,
  marketId: `1.${E}`,
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  selectionId: `${E}01`,
  runnerName: 'Lions',
  betType: 'Back',
  odds: 1.9,
  price: 0,
  minStake: 500,
  maxStake: 500000,
};
const BOOKMAKER: BetSelection = {
  ...MATCH,
  marketId: `${E}B`,
  marketName: 'Bookmaker',
  marketType: 'BOOKMAKER',
  odds: 45,
};
const FANCY: BetSelection = {
  ...MATCH,
  marketId: String(E),
  marketName: 'Fancy',
  marketType: 'FANCY',
  selectionId: `${E}-1`,
  runnerName: '6 over runs Lions',
  betType: 'No',
  odds: 50,
  price: 90,
  minStake: 100,
  maxStake: 100000,
};
const CHIPS: readonly Chip[] = [
  { name: '1K', value: 1000 as Stake },
  { name: '5K', value: 5000 as Stake },
];
const PLACED = { Status: true, Result: 'Bet placed successfully' };

function renderSlip(
  selection: BetSelection | null,
  props: {
    isHeld?: boolean;
    freshness?: PriceFreshness;
    betDelay?: number;
    limitsNote?: string | null;
    focusStakeOnOpen?: (selection: BetSelection) => boolean;
  } = {},
) {
  storeLogin(TEST_LOGIN);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const handlers = { onClose: vi.fn(), onPlaced: vi.fn(), onEditStack: vi.fn(), onStake: vi.fn() };
  const slip = (chosen: BetSelection | null, held = props.isHeld, freshness = props.freshness) => (
    <QueryClientProvider client={client}>
      <BetSlip
        selection={chosen}
        chips={CHIPS}
        isHeld={held}
        freshness={freshness}
        {...(props.betDelay === undefined ? {} : { betDelay: props.betDelay })}
        {...(props.limitsNote === undefined ? {} : { limitsNote: props.limitsNote })}
        {...(props.focusStakeOnOpen === undefined
          ? {}
          : { focusStakeOnOpen: props.focusStakeOnOpen })}
        {...handlers}
      />
    </QueryClientProvider>
  );
  const view = render(slip(selection));
  return {
    ...handlers,
    rerender: (chosen: BetSelection | null, held?: boolean) => view.rerender(slip(chosen, held)),
    refresh: (freshness: PriceFreshness) => view.rerender(slip(selection, props.isHeld, freshness)),
  };
}

const slip = () => screen.getByRole('region', { name: 'Bet slip' });
const stakeInput = () => within(slip()).getByLabelText('STAKE');
const typeStake = (value: string) => fireEvent.change(stakeInput(), { target: { value } });
const profit = () => within(slip()).getByTestId('slip-profit').textContent;
const placeButton = () => within(slip()).getByRole('button', { name: /^Place Bet|^Placing/ });
const place = () => fireEvent.click(placeButton());
const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

/** Whole seconds of the slip's clock, letting React and the effects keep up. */
async function seconds(count: number) {
  for (let second = 0; second < count; second += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}

beforeEach(() => vi.mocked(playSound).mockClear());

describe('bet slip', () => {
  it('says how to open it until a price is chosen', () => {
    renderSlip(null);
    expect(within(slip()).getByText(/Choose a back or lay price/)).toBeTruthy();
    expect(within(slip()).queryByLabelText('STAKE')).toBeNull();
  });

  it('shows the chosen price read only, and the stake parsed as an integer', () => {
    renderSlip(MATCH);
    expect(within(slip()).getByTestId('slip-side').textContent).toBe('Back');
    const odds = within(slip()).getByLabelText('ODDS');
    expect(odds.textContent).toBe('1.9');
    expect(odds.tagName).toBe('OUTPUT');
    expect(within(slip()).getByText('Lions')).toBeTruthy();
    expect(within(slip()).getByText('Min: 500 Max: 5,00,000')).toBeTruthy();

    typeStake('1000.7');
    expect(profit()).toBe('900.00');
    fireEvent.blur(stakeInput());
    expect((stakeInput() as HTMLInputElement).value).toBe('1000');
    typeStake('abc');
    expect(profit()).toBe('0.00');
    expect(placeButton().textContent).toBe('Place Bet with Liability 0.00');
    fireEvent.blur(stakeInput());
    expect((stakeInput() as HTMLInputElement).value).toBe('0');
  });

  it.each([
    ['match odds back 1000 at 1.90', MATCH, '1000', '900.00', '1,000.00'],
    [
      'match odds lay 500 at 2.10',
      { ...MATCH, betType: 'Lay', odds: 2.1 },
      '500',
      '500.00',
      '550.00',
    ],
    [
      'toss lay 1000 at 1.98',
      { ...MATCH, marketType: 'TOSS', betType: 'Lay', odds: 1.98 },
      '1000',
      '1,000.00',
      '980.00',
    ],
    ['bookmaker back 1000 at 45', BOOKMAKER, '1000', '450.00', '1,000.00'],
    [
      'bookmaker lay 1000 at 50',
      { ...BOOKMAKER, betType: 'Lay', odds: 50 },
      '1000',
      '1,000.00',
      '500.00',
    ],
    ['fancy No at rate 90 for 100', FANCY, '100', '90.00', '100.00'],
    [
      'fancy Yes at rate 110 for 100',
      { ...FANCY, betType: 'Yes', price: 110 },
      '100',
      '100.00',
      '110.00',
    ],
  ] as const)(
    'estimates %s from the domain (docs/product.md#validation)',
    (_name, selection, stake, est, liability) => {
      renderSlip(selection);
      typeStake(stake);
      expect(profit()).toBe(est);
      expect(placeButton().textContent).toBe(`Place Bet with Liability ${liability}`);
    },
  );

  it("shows what the client's own limits leave before a stake is typed, and nothing without", () => {
    renderSlip(MATCH, { limitsNote: 'Stake limit ₹1,000 · Loss limit ₹400.00 left today' });
    expect(within(slip()).getByTestId('slip-own-limits').textContent).toBe(
      'Stake limit ₹1,000 · Loss limit ₹400.00 left today',
    );
    cleanup();
    renderSlip(MATCH, { limitsNote: null });
    expect(within(slip()).queryByTestId('slip-own-limits')).toBeNull();
  });

  it('adds a chip to the stake on each press', () => {
    renderSlip(MATCH);
    const chips = within(slip()).getByRole('list', { name: 'Stake chips' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['1K', '5K']);
    fireEvent.click(within(chips).getByRole('button', { name: '1K, add 1,000' }));
    fireEvent.click(within(chips).getByRole('button', { name: '1K, add 1,000' }));
    fireEvent.click(within(chips).getByRole('button', { name: '5K, add 5,000' }));
    expect((stakeInput() as HTMLInputElement).value).toBe('7000');
    typeStake('250');
    fireEvent.click(within(chips).getByRole('button', { name: '1K, add 1,000' }));
    expect((stakeInput() as HTMLInputElement).value).toBe('1250');
  });

  it('closes on Cancel Order, and its Edit Stack link opens the chip settings', () => {
    const { onClose, onEditStack } = renderSlip(MATCH);
    fireEvent.click(within(slip()).getByRole('button', { name: 'Edit Stack' }));
    expect(onEditStack).toHaveBeenCalledTimes(1);
    fireEvent.click(within(slip()).getByRole('button', { name: 'Cancel Order' }));
    expect(onClose).toHaveBeenCalledWith(MATCH);
  });

  it('closes by itself after 10 s; the stake starts the 10 s again (docs/product.md#constants)', async () => {
    vi.useFakeTimers();
    const { onClose } = renderSlip(MATCH);
    await seconds(9);
    expect(within(slip()).getByTestId('slip-countdown').textContent).toBe('1s');
    typeStake('500');
    await seconds(9);
    expect(onClose).not.toHaveBeenCalled();
    await seconds(1);
    expect(onClose).toHaveBeenCalledWith(MATCH);
  });

  it('holds the 10 s while the confirm step is open and goes on after it (docs/decisions.md#silent-rules)', async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch({ body: PLACED });
    const { onClose } = renderSlip(MATCH);
    fireEvent.click(within(slip()).getByRole('switch', { name: 'Confirm bet before placing' }));
    typeStake('1000');
    await seconds(4);
    place();
    expect(screen.getByRole('dialog', { name: 'Confirm Bet' })).toBeTruthy();
    await seconds(30);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await seconds(5);
    expect(onClose).not.toHaveBeenCalled();
    await seconds(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('holds the 10 s while a submit is in flight, and while another dialog is over it', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const { onClose, rerender } = renderSlip(MATCH);
    rerender(MATCH, true);
    await seconds(12);
    expect(onClose).not.toHaveBeenCalled();
    rerender(MATCH, false);
    typeStake('1000');
    place();
    await seconds(20);
    expect(onClose).not.toHaveBeenCalled();
    expect(placeButton().textContent).toBe('Placing Bet…');
    await act(async () => answer(jsonResponse(PLACED)));
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('refuses a zero stake with the wrong sound and sends nothing (docs/product.md#validation, #errors)', () => {
    setBetSound(true);
    const { fetch } = stubFetch({ body: PLACED });
    const error = vi.spyOn(toast, 'error');
    const { onClose } = renderSlip(MATCH);
    place();
    typeStake('abc');
    place();
    expect(error.mock.calls).toEqual([
      ['Total stack must be greater than 0'],
      ['Total stack must be greater than 0'],
    ]);
    expect(vi.mocked(playSound).mock.calls).toEqual([['wrong'], ['wrong']]);
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("refuses a stake outside the market's Min and Max before sending it", () => {
    const { fetch } = stubFetch({ body: PLACED });
    const error = vi.spyOn(toast, 'error');
    renderSlip(MATCH);
    typeStake('499');
    place();
    typeStake('500001');
    place();
    expect(error.mock.calls).toEqual([['Minimum stake is 500'], ['Maximum stake is 500000']]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks to confirm when the switch is on, and remembers the switch', async () => {
    const { fetch, calls } = stubFetch({ body: PLACED });
    renderSlip(MATCH);
    const toggle = within(slip()).getByRole('switch', { name: 'Confirm bet before placing' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(localStorage.getItem('confirmBet')).toBe('true');
    typeStake('1000');
    place();
    const dialog = screen.getByRole('dialog', { name: 'Confirm Bet' });
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['Lions', 'Match Odds', 'Back', '1.9', '1,000', '900.00', '1,000.00']);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await eventually(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the bet draft of docs/product.md#entities with an Idempotency-Key; Status true toasts, sounds and refreshes', async () => {
    setBetSound(true);
    const { calls } = stubFetch({ body: PLACED });
    const success = vi.spyOn(toast, 'success');
    const { onClose, onPlaced } = renderSlip({ ...MATCH, betType: 'Lay', odds: 2.1 });
    typeStake('500');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/UserBetModels/PostUserBetModel');
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(call?.init?.body as string)).toEqual({
      sportsId: 4,
      SelectionName: 'Lions',
      SelectionID: `${E}01`,
      Odds: 2.1,
      Price: 0,
      OldPrice: 0,
      OldStack: 500,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${E}`,
      EventId: E,
      BetType: 'Lay',
      BetStatus: 'Pending',
      Stack: 500,
      Exposure: 500,
      ReturnBalance: 0,
      UserId: TEST_LOGIN.uid,
    });
    expect(headerOf(call?.init, 'Idempotency-Key')).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(success).toHaveBeenCalledWith('Bet placed successfully');
    expect(vi.mocked(playSound).mock.calls).toEqual([['success']]);
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('says the better price a bet got: "Bet placed successfully at 1.85" (docs/decisions.md#price-improvement)', async () => {
    setBetSound(true);
    stubFetch({ body: { Status: true, Result: 'Bet placed successfully at 1.85' } });
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const { onClose, onPlaced } = renderSlip({ ...MATCH, odds: 1.8 });
    expect(within(slip()).getByTestId('slip-odds').textContent).toBe('1.8');
    typeStake('1000');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Bet placed successfully at 1.85');
    expect(error).not.toHaveBeenCalled();
    expect(vi.mocked(playSound).mock.calls).toEqual([['success']]);
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('sends a fancy bet to the fancy route with the rate as Price and the event as market', async () => {
    const { calls } = stubFetch({ body: PLACED });
    const { onClose } = renderSlip({ ...FANCY, betType: 'Yes', price: 110 });
    typeStake('100');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.url).toBe('/api/UserBetModels/PostFancyBetModel');
    expect(JSON.parse(calls[0]?.init?.body as string)).toMatchObject({
      SelectionID: `${E}-1`,
      SelectionName: '6 over runs Lions',
      MarketType: 'FANCY',
      MarketId: String(E),
      Odds: 50,
      Price: 110,
      BetType: 'Yes',
      Stack: 100,
      Exposure: 100,
    });
  });

  it('sends one bet for a double tap on Place Bet', async () => {
    const { calls } = stubFetch({ body: PLACED });
    const { onClose } = renderSlip(MATCH);
    typeStake('1000');
    place();
    place();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
  });

  it('plays no sound when Bet Sound is off', async () => {
    setBetSound(false);
    stubFetch({ body: PLACED });
    const { onClose } = renderSlip(MATCH);
    place();
    typeStake('1000');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalled());
    expect(playSound).not.toHaveBeenCalled();
  });

  it('toasts a refusal with the wrong sound, clears the loading and closes, refreshing nothing', async () => {
    setBetSound(true);
    stubFetch({ body: { Status: false, Result: 'Odds changed' } });
    const error = vi.spyOn(toast, 'error');
    const { onClose, onPlaced } = renderSlip(MATCH);
    typeStake('1000');
    place();
    expect(placeButton().textContent).toBe('Placing Bet…');
    expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Placing bet' })).toBeTruthy();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('Odds changed');
    expect(vi.mocked(playSound).mock.calls).toEqual([['wrong']]);
    expect(onPlaced).not.toHaveBeenCalled();
    expect(placeButton().textContent).toBe('Place Bet with Liability 1,000.00');
    expect(screen.queryByRole('status', { name: 'Placing bet' })).toBeNull();
  });

  it("toasts an exception's message with the wrong sound", async () => {
    setBetSound(true);
    stubFetch({ status: 400, body: { Status: false, Result: 'Body is not a bet draft' } });
    const error = vi.spyOn(toast, 'error');
    const { onClose } = renderSlip(MATCH);
    typeStake('1000');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalled());
    expect(error).toHaveBeenCalledWith('Body is not a bet draft');
    expect(vi.mocked(playSound).mock.calls).toEqual([['wrong']]);
  });

  it('keeps the Idempotency-Key across a retry of the same submit, and takes a new one for the next', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(jsonResponse(PLACED)),
      () => Promise.resolve(jsonResponse(PLACED)),
    ];
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      answers[fetch.mock.calls.length - 1]!(),
    );
    vi.stubGlobal('fetch', fetch);
    const { onClose, onPlaced, rerender } = renderSlip(MATCH);
    typeStake('1000');
    place();
    await eventually(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    const keys = fetch.mock.calls.map(([, init]) => headerOf(init, 'Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    rerender({ ...MATCH });
    typeStake('1000');
    place();
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(2));
    const next = headerOf(fetch.mock.calls[2]?.[1], 'Idempotency-Key');
    expect(next).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(next).not.toBe(keys[0]);
  });

  it('does not place while its market is stale, says why, and places once prices are fresh', async () => {
    const { fetch } = stubFetch({ body: PLACED });
    const { onPlaced, refresh } = renderSlip(MATCH, { freshness: { isStale: true, ageS: 12 } });
    typeStake('1000');
    const reason = within(slip()).getByTestId('slip-stale');
    expect(reason.textContent).toBe('Prices are out of date — reconnecting…');
    expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(placeButton().getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.submit(placeButton().closest('form')!);
    expect(fetch).not.toHaveBeenCalled();

    refresh(FRESH);
    expect(within(slip()).queryByTestId('slip-stale')).toBeNull();
    expect((placeButton() as HTMLButtonElement).disabled).toBe(false);
    place();
    await eventually(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('holds Confirm in the confirm step while the prices are stale', () => {
    const { fetch } = stubFetch({ body: PLACED });
    const { refresh } = renderSlip(MATCH);
    fireEvent.click(within(slip()).getByRole('switch', { name: 'Confirm bet before placing' }));
    typeStake('1000');
    place();
    refresh({ isStale: true, ageS: 10 });
    const dialog = screen.getByRole('dialog', { name: 'Confirm Bet' });
    expect(within(dialog).getByText('Prices are out of date — reconnecting…')).toBeTruthy();
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells the screen the stake on each keystroke and chip, parsed, for the what-if', () => {
    const { onStake } = renderSlip(MATCH);
    expect(onStake.mock.calls).toEqual([[MATCH, 0]]);
    typeStake('5');
    typeStake('50');
    typeStake('50x');
    fireEvent.click(within(slip()).getByRole('button', { name: '1K, add 1,000' }));
    typeStake('');
    expect(onStake.mock.calls).toEqual([
      [MATCH, 0],
      [MATCH, 5],
      [MATCH, 50],
      [MATCH, 1050],
      [MATCH, 0],
    ]);
  });
});

describe('the slip from the keyboard', () => {
  const key = (target: Element, k: string) => fireEvent.keyDown(target, { key: k });

  it('takes the focus in its stake when the screen says the keyboard opened it, and not otherwise', () => {
    const asked: BetSelection[] = [];
    renderSlip(MATCH, {
      focusStakeOnOpen: (selection) => {
        asked.push(selection);
        return true;
      },
    });
    expect(asked).toEqual([MATCH]);
    expect(document.activeElement).toBe(stakeInput());
    cleanup();
    renderSlip(MATCH, { focusStakeOnOpen: () => false });
    expect(document.activeElement).not.toBe(stakeInput());
  });

  it('steps the stake to the next chip up on + and down on -, typing neither', () => {
    renderSlip(MATCH);
    const input = stakeInput() as HTMLInputElement;
    key(input, '+');
    expect(input.value).toBe('1000');
    key(input, '+');
    expect(input.value).toBe('5000');
    key(input, '+');
    expect(input.value).toBe('10000');
    expect(profit()).toBe('9,000.00');
    key(input, '-');
    expect(input.value).toBe('5000');
    typeStake('1200');
    key(input, '-');
    expect(input.value).toBe('1000');
    key(input, '-');
    expect(input.value).toBe('');
    const plus = fireEvent.keyDown(input, { key: '+' });
    expect(plus).toBe(false); // the + is not typed into the field
  });

  it('closes on Escape from the stake or any control of the slip', () => {
    const { onClose } = renderSlip(MATCH);
    key(stakeInput(), 'Escape');
    expect(onClose).toHaveBeenCalledWith(MATCH);
    key(within(slip()).getByRole('button', { name: '1K, add 1,000' }), 'Escape');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('confirms on Enter in the confirm step and cancels on Escape, which leaves the slip open', async () => {
    const { calls } = stubFetch({ body: PLACED });
    const { onClose } = renderSlip(MATCH);
    fireEvent.click(within(slip()).getByRole('switch', { name: 'Confirm bet before placing' }));
    typeStake('1000');
    fireEvent.submit(stakeInput());
    const dialog = screen.getByRole('dialog', { name: 'Confirm Bet' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);

    fireEvent.submit(stakeInput());
    const again = screen.getByRole('dialog', { name: 'Confirm Bet' });
    // A held Enter's repeats do not confirm; a fresh press does.
    fireEvent.keyDown(again, { key: 'Enter', repeat: true });
    expect(calls).toHaveLength(0);
    fireEvent.keyDown(again, { key: 'Enter' });
    await eventually(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]?.init?.body as string)).toMatchObject({
      Stack: 1000,
      BetType: 'Back',
    });
  });
});

describe('a market with an in-play delay', () => {
  const held = () => within(slip()).queryByTestId('slip-delay')?.textContent ?? null;

  it('counts the delay down while the bet is held, then shows the answer as any other', async () => {
    vi.useFakeTimers();
    setBetSound(true);
    let answer: (response: Response) => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const error = vi.spyOn(toast, 'error');
    const { onClose, onPlaced } = renderSlip(MATCH, { betDelay: 5 });
    typeStake('1000');
    expect(held()).toBeNull();
    place();
    await act(async () => {});
    expect(held()).toBe('Bet held for in-play delay: 5 s');
    expect(within(slip()).getByRole('timer').textContent).toBe(held());
    expect(placeButton().textContent).toBe('Placing Bet…');
    // The phone's progress card, above the veil, says it too.
    const progress = () => screen.getByRole('status', { name: 'Placing bet' }).textContent;
    expect(progress()).toBe('Placing bet…Bet held for in-play delay: 5 s');
    await seconds(1);
    expect(held()).toBe('Bet held for in-play delay: 4 s');
    expect(progress()).toBe('Placing bet…Bet held for in-play delay: 4 s');
    await seconds(3);
    expect(held()).toBe('Bet held for in-play delay: 1 s');
    await seconds(1);
    expect(held()).toBeNull();
    expect(placeButton().textContent).toBe('Placing Bet…');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => answer(jsonResponse({ Status: false, Result: 'Odds changed' })));
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('Odds changed');
    expect(vi.mocked(playSound).mock.calls).toEqual([['wrong']]);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('holds the slip open through a delay longer than its own 10 s, to the answer', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const success = vi.spyOn(toast, 'success');
    const { onClose, onPlaced } = renderSlip(MATCH, { betDelay: 15 });
    typeStake('1000');
    await seconds(9);
    place();
    await act(async () => {});
    expect(held()).toBe('Bet held for in-play delay: 15 s');
    await seconds(14);
    expect(held()).toBe('Bet held for in-play delay: 1 s');
    expect(onClose).not.toHaveBeenCalled();
    await seconds(10);
    expect(held()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(slip()).getByTestId('slip-countdown').textContent).toBe('1s');
    await act(async () => answer(jsonResponse(PLACED)));
    await eventually(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Bet placed successfully');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows no countdown on a market that takes bets at once', async () => {
    vi.useFakeTimers();
    stubFetch(new Promise<Response>(() => {}));
    renderSlip(MATCH, { betDelay: 0 });
    typeStake('1000');
    place();
    await seconds(1);
    expect(placeButton().textContent).toBe('Placing Bet…');
    expect(held()).toBeNull();
  });
});

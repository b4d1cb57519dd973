import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiGet,
  atWidth,
  CREDIT,
  expect,
  logIn,
  sessionOf,
  test,
  type ApiSession,
} from './fixtures';
import { expectAccessible } from './support/axe';
import { cricketFixture, matchPrices, step, type CricketFixture } from './support/cricket';
import { focusedName } from './support/names';

/**
 * Keyboard betting on the event screen: once the page is open, only `page.keyboard` — Tab into
 * the prices, arrows across them, `b`, `l` and Enter open the slip, digits and `+` type the
 * stake, Enter places and confirms — a back, a lay and a fancy bet the server books; `?` lists
 * the keys; the price announcer speaks for the market in focus.
 * `SHOTS=journeys node scripts/screenshots.mjs` copies the screenshots into docs/screenshots.
 */

interface Bet {
  readonly SelectionName: string;
  readonly Odds: number;
  readonly Price: number;
  readonly Stack: number;
  readonly BetType: string;
  readonly MarketType: string;
}
const betsOf = async (request: APIRequestContext, session: ApiSession, eventId: number) =>
  (
    await apiGet<{ Result: Bet[] }>(
      request,
      session,
      `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`,
    )
  ).Result;
const exposureOf = async (request: APIRequestContext, session: ApiSession) =>
  (
    await apiGet<{ Result: { MainBalance: number; Exposure: number } }>(
      request,
      session,
      '/api/AmountModels/GetBalanceDetail',
    )
  ).Result;

/** The runner or session whose row holds the focus. */
const focusedRow = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.closest('[data-selection-id]')?.querySelector('span')?.textContent,
  );
const isOnPrice = (page: Page) =>
  page.evaluate(() => document.activeElement?.matches('button[data-side]') ?? false);

/** Presses `key` until `reached` holds (at most `limit` times): Tab into the prices, arrows down. */
async function pressUntil(page: Page, key: string, reached: () => Promise<boolean>, limit = 60) {
  for (let pressed = 0; pressed < limit; pressed += 1) {
    if (await reached()) return;
    await page.keyboard.press(key);
  }
  expect(await reached(), `${key} × ${limit}`).toBe(true);
}

const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const stakeOf = (page: Page) => slipOf(page).getByLabel('STAKE', { exact: true });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Opens the event with the confirm step on and waits for its prices. */
async function openEvent(page: Page, f: CricketFixture, { confirm }: { confirm: boolean }) {
  await page.evaluate((on) => localStorage.setItem('confirmBet', String(on)), confirm);
  await page.goto(`/market/4/${f.eventId}`);
  await expect(page.getByRole('button', { name: 'Back 1.9', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Yes 50', exact: true })).toBeEnabled();
}

/** Places the open slip with Enter, confirms it with Enter, and waits for the answer. */
async function placeWithEnter(page: Page) {
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Bet' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Bet placed successfully').last()).toBeVisible();
  await expect(slipOf(page).getByText('Choose a back or lay price to place a bet.')).toBeVisible();
}

/** The `?` dialog's rows: each row's keys, then what they do. */
const SHORTCUT_KEYS = [
  'Tab',
  '← →',
  '↑ ↓',
  'Enter',
  'b',
  'l',
  '0–9',
  '+',
  '-',
  'Enter',
  'Esc',
  '?',
];
const SHORTCUT_ACTIONS = [
  'Go to the prices',
  'Previous or next price of the row',
  'Price of the row above or below, across markets',
  'Open the bet slip on the focused price',
  "Open the bet slip on the row's best back (Yes on a fancy row)",
  "Open the bet slip on the row's best lay (No on a fancy row)",
  'Type the stake',
  'Raise the stake to the next chip',
  'Lower the stake to the chip below',
  'Place the bet (Confirm, when confirming is on)',
  'Close the slip and go back to the price (Cancel when confirming)',
  'Show these keys',
];

test.describe('keyboard betting at 1280 px', () => {
  test.use(atWidth(1280));

  test('a back, a lay and a fancy bet by keyboard alone, booked by the server as the slip showed them', async ({
    page,
    client,
    request,
  }) => {
    const f = await cricketFixture(request, 'Keys Cup');
    await logIn(page, client);
    const session = await sessionOf(page);
    await openEvent(page, f, { confirm: true });

    // Tab into the prices: the first is the home runner's back.
    await pressUntil(page, 'Tab', () => isOnPrice(page), 120);
    expect(await focusedName(page)).toBe('Back 1.9');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Lay 1.92');
    await page.keyboard.press('ArrowDown');
    expect([await focusedName(page), await focusedRow(page)]).toEqual(['Lay 2.1', f.away]);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe('Back 2.06');
    await page.screenshot({ path: test.info().outputPath('keyboard-price-focus-1280.png') });

    // b: the slip on the away runner's best back, its stake in focus; digits, then + to 1,000.
    await page.keyboard.press('b');
    await expect(slipOf(page).getByTestId('slip-side')).toHaveText('Back');
    await expect(slipOf(page).getByTestId('slip-odds')).toHaveText('2.06');
    await expect(stakeOf(page)).toBeFocused();
    await page.keyboard.type('500');
    await page.keyboard.press('+');
    await expect(stakeOf(page)).toHaveValue('1000');
    await expect(slipOf(page).getByTestId('slip-profit')).toHaveText('1,060.00');
    await placeWithEnter(page);
    // The focus is back on the price that opened the slip.
    expect(await focusedName(page)).toBe('Back 2.06');

    // l on the home runner: its best lay, 500 typed, Enter, Enter.
    await page.keyboard.press('ArrowUp');
    expect([await focusedName(page), await focusedRow(page)]).toEqual(['Back 1.9', f.home]);
    await page.keyboard.press('l');
    await expect(slipOf(page).getByTestId('slip-side')).toHaveText('Lay');
    await expect(slipOf(page).getByTestId('slip-odds')).toHaveText('1.92');
    await expect(stakeOf(page)).toBeFocused();
    await page.keyboard.type('500');
    await expect(
      slipOf(page).getByRole('button', { name: 'Place Bet with Liability 460.00' }),
    ).toBeVisible();
    await placeWithEnter(page);
    expect(await focusedName(page)).toBe('Back 1.9');

    // Down to the fancy row, right to Yes, Enter on it, 100, Enter, Enter.
    await pressUntil(page, 'ArrowDown', async () => (await focusedRow(page)) === f.fancy, 20);
    if ((await focusedName(page)) !== 'Yes 50') await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Yes 50');
    await page.keyboard.press('Enter');
    await expect(slipOf(page).getByTestId('slip-odds')).toHaveText('50 (110)');
    await expect(stakeOf(page)).toBeFocused();
    await page.keyboard.type('100');
    // Yes at a rate of 110: 100 wins 100 and risks 110.
    await expect(
      slipOf(page).getByRole('button', { name: 'Place Bet with Liability 110.00' }),
    ).toBeVisible();
    await placeWithEnter(page);
    expect(await focusedName(page)).toBe('Yes 50');

    // The server booked the three bets as typed: away back 1,000 at 2.06, home lay 500 at 1.92,
    // Yes 100 on the session at 50 (110). Exposure: the match book's worst (home: −1,000 − 460)
    // and the session's (−110).
    const bets = await betsOf(request, session, f.eventId);
    expect(
      bets
        .map((bet) => [bet.SelectionName, bet.BetType, bet.Odds, bet.Price, bet.Stack])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [f.fancy, 'Yes', 50, 110, 100],
        [f.home, 'Lay', 1.92, 0, 500],
        [f.away, 'Back', 2.06, 0, 1000],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await exposureOf(request, session)).toMatchObject({
      MainBalance: CREDIT - 1570,
      Exposure: 1570,
    });
  });

  test('? lists the keys; Escape closes the list or the slip, back to the price; a suspension keeps the place', async ({
    page,
    client,
    request,
  }) => {
    const f = await cricketFixture(request, 'Keys Cup');
    await logIn(page, client);
    await openEvent(page, f, { confirm: false });
    await pressUntil(page, 'Tab', () => isOnPrice(page), 120);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Back 2.06');

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('rowheader')).toHaveText(SHORTCUT_KEYS);
    await expect(dialog.getByRole('cell')).toHaveText(SHORTCUT_ACTIONS);
    await page.screenshot({ path: test.info().outputPath('keyboard-shortcuts-1280.png') });
    await expectAccessible(page, 'the keyboard shortcuts dialog at 1280');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await focusedName(page)).toBe('Back 2.06');

    // Escape in the slip closes it, back to the price; keys typed in the stake are no shortcuts.
    await page.keyboard.press('Enter');
    await expect(stakeOf(page)).toBeFocused();
    await page.keyboard.type('?b5');
    await expect(dialog).toBeHidden();
    await expect(stakeOf(page)).toHaveValue('?b5');
    await page.keyboard.press('Escape');
    await expect(
      slipOf(page).getByText('Choose a back or lay price to place a bet.'),
    ).toBeVisible();
    expect(await focusedName(page)).toBe('Back 2.06');

    // The market suspended under the focus: its cells are disabled, and the arrows go on from
    // where the focus was, to the fancy row below.
    await step(request, f.eventId, { kind: 'suspend', marketId: `1.${f.eventId}` });
    const match = page.getByRole('region', { name: 'Match Odds' });
    await expect(match.getByText('SUSPENDED', { exact: true })).toHaveCount(2);
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.body))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await focusedRow(page)).toBe(f.fancy);
  });

  test('the price announcer speaks for the market in focus only, and not for the others', async ({
    page,
    client,
    request,
  }) => {
    const f = await cricketFixture(request, 'Keys Cup');
    await logIn(page, client);
    await openEvent(page, f, { confirm: false });
    const region = page.getByTestId('price-announcer');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveAttribute('aria-atomic', 'true');

    // Focus outside every market: a price change says nothing.
    await step(request, f.eventId, matchPrices(f.eventId, 1.88));
    await expect(page.getByRole('button', { name: 'Back 1.88', exact: true })).toBeVisible();
    await expect(region).toHaveText('');

    // In the match odds: its change is said, the fancy's is not.
    await pressUntil(page, 'Tab', () => isOnPrice(page), 120);
    await step(request, f.eventId, matchPrices(f.eventId, 1.95));
    await expect(region).toHaveText(`${f.home} back 1.95, lay 1.92`);
    await step(request, f.eventId, {
      kind: 'fancy',
      rows: [{ selectionId: `${f.eventId}-1`, noLine: 52, noRate: 90, yesLine: 52, yesRate: 110 }],
    });
    await expect(page.getByRole('button', { name: 'Yes 52', exact: true })).toBeVisible();
    await expect(region).toHaveText(`${f.home} back 1.95, lay 1.92`);
  });
});

test.describe('keyboard betting at 375 px (a phone with a keyboard)', () => {
  test.use(atWidth(375));

  test('a back bet by keyboard alone, and ? lists the keys', async ({ page, client, request }) => {
    const f = await cricketFixture(request, 'Keys Cup');
    await logIn(page, client);
    const session = await sessionOf(page);
    await openEvent(page, f, { confirm: false });
    await pressUntil(page, 'Tab', () => isOnPrice(page), 120);
    expect(await focusedName(page)).toBe('Back 1.9');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog.getByRole('rowheader')).toHaveText(SHORTCUT_KEYS);
    await expect(dialog.getByRole('cell')).toHaveText(SHORTCUT_ACTIONS);
    await page.screenshot({ path: test.info().outputPath('keyboard-shortcuts-375.png') });
    await page.keyboard.press('Escape');
    expect(await focusedName(page)).toBe('Back 1.9');

    await page.keyboard.press('b');
    await expect(stakeOf(page)).toBeFocused();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect(stakeOf(page)).toHaveValue('1000');
    await page.screenshot({ path: test.info().outputPath('keyboard-price-focus-375.png') });
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Bet placed successfully')).toBeVisible();
    expect(await focusedName(page)).toBe('Back 1.9');
    const bets = await betsOf(request, session, f.eventId);
    expect(bets.map((bet) => [bet.SelectionName, bet.BetType, bet.Odds, bet.Stack])).toEqual([
      [f.home, 'Back', 1.9, 1000],
    ]);
    expect((await exposureOf(request, session)).Exposure).toBe(1000);
  });
});

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiBet,
  apiGet,
  atWidth,
  CREDIT,
  expect,
  logIn,
  ops,
  sessionOf,
  test,
  type ApiSession,
} from './fixtures';
import { expectAccessible } from './support/axe';

/**
 * Cash out (docs/architecture.md, "Cash out"), as a bettor meets it: the dialog shows the hedging
 * bet the domain makes of the client's book at the best prices now and the result on every
 * runner, Confirm places exactly that bet, and the book is then the same whichever runner wins.
 * The e2e server holds in-play tennis bets for 2 s (playwright.config.ts BET_DELAY), a cash out's
 * too, and takes every other bet at once.
 */

/**
 * <name>-<width>.png in the test's own output dir: a test changes no tracked file, and
 * `SHOTS=journeys node scripts/screenshots.mjs` copies it into docs/screenshots.
 */
const shot = (name: string, width: number) => test.info().outputPath(`${name}-${width}.png`);

const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

interface Fixture {
  readonly eventId: number;
  readonly sportId: 1 | 2;
  /** Runner names in the feed's order (selection ids EventId * 100 + 1, + 2, + 3). */
  readonly names: readonly string[];
}

type Quote = readonly [back: number, lay: number];

/** One price step of the match odds: runner n gets back `quotes[n - 1][0]`, lay `[1]`. */
const priceMatchOdds = (request: APIRequestContext, f: Fixture, quotes: readonly Quote[]) =>
  step(request, f.eventId, {
    kind: 'prices',
    marketId: `1.${f.eventId}`,
    runners: quotes.map(([back, lay], index) => ({
      selectionId: f.eventId * 100 + index + 1,
      back: [{ price: back, size: 5000 }],
      lay: [{ price: lay, size: 5000 }],
    })),
  });

/** A scripted football (three runners, not in play) or tennis (two, in play) event. */
async function fixture(
  request: APIRequestContext,
  sportId: 1 | 2,
  quotes: readonly Quote[],
): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const names =
    sportId === 1 ? [`Rovers ${tag}`, `United ${tag}`, 'The Draw'] : [`Lions ${tag}`, `Sol ${tag}`];
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId,
    seriesName: `Cash Out Cup ${tag}`,
    name: `${names[0]} v ${names[1]}`,
    runners: names,
    inPlay: sportId === 2,
  });
  const f = { eventId, sportId, names };
  await priceMatchOdds(request, f, quotes);
  return f;
}

/** Backs runner `index` (0-based) on the match odds as the client, through the API. */
const backRunner = (
  request: APIRequestContext,
  session: ApiSession,
  f: Fixture,
  index: number,
  odds: number,
  stake: number,
) =>
  apiBet(request, session, {
    sportsId: f.sportId,
    EventId: f.eventId,
    BetStatus: 'Pending',
    UserId: session.uid,
    SelectionName: f.names[index],
    SelectionID: String(f.eventId * 100 + index + 1),
    Odds: odds,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: `1.${f.eventId}`,
    BetType: 'Back',
    Stack: stake,
  });

const matchOdds = (page: Page) => page.getByRole('region', { name: 'Match Odds' });
const runnerRow = (page: Page, name: string): Locator =>
  matchOdds(page).getByTestId('runner-row').filter({ hasText: name });
const cashOutDialog = (page: Page) => page.getByRole('dialog', { name: 'Cash Out: Match Odds' });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
const wallet = (page: Page) => page.getByRole('button', { name: /^W:/ });

/** Each runner's book figure on the market table, by name. */
async function expectBooks(page: Page, books: Readonly<Record<string, number>>) {
  for (const [name, figure] of Object.entries(books)) {
    await expect(
      runnerRow(page, name).getByRole('button', { name: `Book of ${name}: ${money(figure)}` }),
    ).toBeVisible();
  }
}

/** The dialog's result rows: per runner, its book now and after the cash out. */
async function expectResults(
  dialog: Locator,
  rows: readonly (readonly [string, string, string])[],
) {
  const shown = dialog.getByTestId('cash-out-runner');
  await expect(shown).toHaveCount(rows.length);
  for (const [index, [name, now, after]] of rows.entries()) {
    await expect(shown.nth(index).getByRole('rowheader')).toHaveText(name);
    await expect(shown.nth(index).getByRole('cell')).toHaveText([now, after]);
  }
}

/** The dialog lies inside the screen with its Confirm in view, and the page has no sideways scroll. */
async function expectDialogFits(page: Page, dialog: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeInViewport();
  const overflow = await dialog.evaluate((element) => {
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const right = element.getBoundingClientRect().right;
    const inside = [...element.querySelectorAll('*')].map((child) =>
      Math.ceil(child.getBoundingClientRect().right - right),
    );
    return Math.max(sideways, ...inside);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('a football position is cashed out with one lay: every runner then wins ₹560.00', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, 1, [
        [2.1, 2.12],
        [3.6, 3.65],
        [3.9, 3.95],
      ]);
      const [home, away, draw] = f.names as [string, string, string];
      await logIn(page, client);
      const session = await sessionOf(page);
      // Back The Draw ₹1,000 at 3.9: the book is −1,000, −1,000, +2,900.
      await backRunner(request, session, f, 2, 3.9, 1000);
      // The draw comes in: lay at 2.5.
      await priceMatchOdds(request, f, [
        [2.4, 3],
        [3.4, 4],
        [2.46, 2.5],
      ]);

      await page.goto(`/market/1/${f.eventId}`);
      await expect(
        runnerRow(page, draw).getByRole('button', { name: 'Lay 2.5', exact: true }),
      ).toBeEnabled();
      await expectBooks(page, { [home]: -1000, [away]: -1000, [draw]: 2900 });
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT - 1000)}`);

      await matchOdds(page).getByRole('button', { name: 'Cash Out' }).click();
      const dialog = cashOutDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio', { name: '100%' })).toBeChecked();
      await expectAccessible(page, 'the cash-out modal');
      // Lay 3,900 / 2.5 = ₹1,560: The Draw 2,900 − 2,340 = 560; the others −1,000 + 1,560.
      await expect(dialog.getByTestId('cash-out-headline')).toHaveText(
        'You get ₹560.00 whichever runner wins',
      );
      await expect(dialog.getByTestId('cash-out-bet')).toHaveText(['Lay The Draw ₹1,560 at 2.5']);
      await expectResults(dialog, [
        [home, '-1,000.00', '560.00'],
        [draw, '2,900.00', '560.00'],
        [away, '-1,000.00', '560.00'],
      ]);

      // Half of it: lay ₹780, The Draw 2,900 − 1,170 = 1,730, the others −220.
      await dialog.getByRole('radio', { name: '50%' }).check();
      await expect(dialog.getByTestId('cash-out-bet')).toHaveText(['Lay The Draw ₹780 at 2.5']);
      await expect(dialog.getByTestId('cash-out-headline')).toHaveText(
        'You lose at most ₹220.00 whichever runner wins',
      );
      await expectResults(dialog, [
        [home, '-1,000.00', '-220.00'],
        [draw, '2,900.00', '1,730.00'],
        [away, '-1,000.00', '-220.00'],
      ]);
      await dialog.getByRole('radio', { name: '100%' }).check();
      await expect(dialog.getByTestId('cash-out-bet')).toHaveText(['Lay The Draw ₹1,560 at 2.5']);
      await expectDialogFits(page, dialog);
      await page.screenshot({ path: shot('cash-out', width) });

      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, 'Cashed out: ₹560.00 whichever runner wins')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // The book is the locked result on every runner, with nothing left to cash out.
      await expectBooks(page, { [home]: 560, [away]: 560, [draw]: 560 });
      await expect(matchOdds(page).getByRole('button', { name: 'Cash Out' })).toHaveCount(0);
      // Nothing can be lost any more: no exposure, the whole credit back in the balance.
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT)}`);
      const balance = await apiGet<{ Result: { Exposure: number } }>(
        request,
        session,
        '/api/AmountModels/GetBalanceDetail',
      );
      expect(balance.Result.Exposure).toBe(0);
      // The lay is in the event's bets beside the back it hedges.
      const bets = page.getByRole('region', { name: 'Bets' });
      await expect(bets.getByRole('tab')).toHaveText([
        'All (2)',
        'Match Bets (2)',
        'Fancy Bets (0)',
      ]);
      const lay = bets.getByRole('row').filter({ hasText: '1,560' }).getByRole('cell');
      await expect(lay.nth(1)).toHaveText(draw);
      await expect(lay.nth(2)).toHaveText('2.5');
      await expect(lay.nth(4)).toHaveText('Lay');
    });

    test('an in-play cash out is held for the delay, counted down, then locks a loss', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, 2, [
        [1.9, 1.92],
        [2.06, 2.1],
      ]);
      const [home, away] = f.names as [string, string];
      await logIn(page, client);
      const session = await sessionOf(page);
      // Back the home runner ₹1,000 at 1.9 (held 2 s in play): +900 / −1,000.
      await backRunner(request, session, f, 0, 1.9, 1000);
      // The home runner drifts: lay at 2.5.
      await priceMatchOdds(request, f, [
        [2.46, 2.5],
        [1.6, 1.7],
      ]);

      await page.goto(`/market/2/${f.eventId}`);
      await expect(
        runnerRow(page, home).getByRole('button', { name: 'Lay 2.5', exact: true }),
      ).toBeEnabled();
      await expectBooks(page, { [home]: 900, [away]: -1000 });
      await matchOdds(page).getByRole('button', { name: 'Cash Out' }).click();
      const dialog = cashOutDialog(page);
      // Lay 1,900 / 2.5 = ₹760: home 900 − 1,140 = −240, away −1,000 + 760 = −240.
      await expect(dialog.getByTestId('cash-out-bet')).toHaveText([`Lay ${home} ₹760 at 2.5`]);
      await expect(dialog.getByTestId('cash-out-headline')).toHaveText(
        'You lose ₹240.00 whichever runner wins',
      );
      await expectResults(dialog, [
        [home, '900.00', '-240.00'],
        [away, '-1,000.00', '-240.00'],
      ]);

      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const held = dialog.getByTestId('cash-out-delay');
      await expect(held).toHaveText('Held for in-play delay: 2 s');
      await expect(dialog.getByRole('button', { name: 'Cashing Out…' })).toBeDisabled();
      await expect(held).toHaveText('Held for in-play delay: 1 s');
      await expect(toast(page, 'Cashed out: -₹240.00 whichever runner wins')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expectBooks(page, { [home]: -240, [away]: -240 });
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT - 240)}`);
    });
  });
}

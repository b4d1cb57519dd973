import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiGet, atWidth, CREDIT, expect, logIn, ops, sessionOf, test } from './fixtures';

/**
 * The football cancel rule and the in-play bet delay (docs/architecture.md, "Cancelling a bet",
 * "In-play bet delay"), as a bettor meets them. The e2e server holds in-play tennis bets for 2 s
 * (playwright.config.ts BET_DELAY) and takes every other bet at once.
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
  readonly home: string;
}

/** An event of the sport with its match odds priced: the home runner backs at 2 and lays at 2.04. */
async function fixture(
  request: APIRequestContext,
  sport: { sportId: 1 | 2; inPlay: boolean },
): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Rovers ${tag}`;
  const names = sport.sportId === 1 ? [home, `United ${tag}`, 'The Draw'] : [home, `Sol ${tag}`];
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: sport.sportId,
    seriesName: `Mechanics ${tag}`,
    name: `${names[0]} v ${names[1]}`,
    runners: names,
    inPlay: sport.inPlay,
  });
  // The home runner at 2 / 2.04; the book keeps the house's rule: backs ≥ 100 %, lays ≤ 100 %.
  const quotes =
    sport.sportId === 1
      ? [
          [2, 2.04],
          [3.5, 4.2],
          [3.4, 4.4],
        ]
      : [
          [2, 2.04],
          [1.96, 2.1],
        ];
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: quotes.map(([back, lay], index) => ({
      selectionId: eventId * 100 + index + 1,
      back: [{ price: back, size: 1000 }],
      lay: [{ price: lay, size: 1000 }],
    })),
  });
  return { eventId, home };
}

const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const homeRow = (page: Page, f: Fixture): Locator =>
  page
    .getByRole('region', { name: 'Match Odds' })
    .getByTestId('runner-row')
    .filter({ hasText: f.home });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
const wallet = (page: Page) => page.getByRole('button', { name: /^W:/ });

/** Backs the home runner at 2 for ₹1,000 through the slip. */
async function backHome(page: Page, f: Fixture, sportId: number) {
  await page.goto(`/market/${sportId}/${f.eventId}`);
  const back = homeRow(page, f).getByRole('button', { name: 'Back 2', exact: true });
  await expect(back).toBeEnabled();
  await back.click();
  const slip = slipOf(page);
  await slip.getByLabel('STAKE', { exact: true }).fill('1000');
  await slip.getByRole('button', { name: `Place Bet with Liability ${money(1000)}` }).click();
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('a football bet is cancelled inside its 3 minutes: stake freed, Cancelled in the bets, history and statement', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, { sportId: 1, inPlay: false });
      await logIn(page, client);
      await backHome(page, f, 1);
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT - 1000)}`);

      const bets = page.getByRole('region', { name: 'Bets' });
      const row = bets.getByRole('row').filter({ hasText: f.home });
      // Cancel counts down the 3 minutes the server allows.
      const cancel = row.getByRole('button', { name: /^Cancel/ });
      await expect(cancel).toHaveText(/^Cancel [23]:\d\d$/);
      await cancel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('bet-cancel', width) });
      await cancel.click();
      await expect(toast(page, 'Bet cancelled')).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'Cancelled');
      await expect(row).toContainText('Cancelled');
      await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT)}`);
      const session = await sessionOf(page);
      const balance = await apiGet<{ Result: { Exposure: number } }>(
        request,
        session,
        '/api/AmountModels/GetBalanceDetail',
      );
      expect(balance.Result.Exposure).toBe(0);

      await page.goto('/bethistory');
      const history = page
        .getByRole('region', { name: 'Bet history' })
        .getByRole('row')
        .filter({ hasText: f.home });
      await expect(history.locator('[data-label="Status"]')).toHaveText(
        /^Cancelled \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d (AM|PM)$/,
      );
      await expect(history.locator('[data-label="Profit/Loss"]')).toHaveText(
        'Cancelled: no money moved',
      );

      await page.goto('/ac_statement');
      const statement = page
        .getByRole('region', { name: 'Account statement' })
        .getByRole('row')
        .filter({ hasText: 'Bet cancelled: no money moved' });
      await expect(statement).toHaveCount(1);
      await expect(statement).toContainText(`${f.home} Back 1000 @ 2.00`);
      await expect(statement.getByRole('cell').nth(2)).toHaveText('0.00');
      await expect(statement.getByRole('cell').nth(3)).toHaveText(money(CREDIT));
    });

    test('an in-play bet is held for its delay, counted down on the slip, then placed', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, { sportId: 2, inPlay: true });
      await logIn(page, client);
      await backHome(page, f, 2);
      const held = slipOf(page).getByTestId('slip-delay');
      await expect(held).toHaveText('Bet held for in-play delay: 2 s');
      await page.screenshot({ path: shot('bet-delay', width) });
      await expect(held).toHaveText('Bet held for in-play delay: 1 s');
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect(held).toHaveCount(0);
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT - 1000)}`);
    });

    test('an in-play bet whose price moves away during the delay is refused with "Odds changed"', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, { sportId: 2, inPlay: true });
      await logIn(page, client);
      await backHome(page, f, 2);
      await expect(slipOf(page).getByTestId('slip-delay')).toBeVisible();
      // The home runner shortens while the bet is held: 2 is no longer on offer.
      await step(request, f.eventId, {
        kind: 'prices',
        marketId: `1.${f.eventId}`,
        runners: [
          {
            selectionId: f.eventId * 100 + 1,
            back: [{ price: 1.8, size: 1000 }],
            lay: [{ price: 1.84, size: 1000 }],
          },
          {
            selectionId: f.eventId * 100 + 2,
            back: [{ price: 2.2, size: 1000 }],
            lay: [{ price: 2.3, size: 1000 }],
          },
        ],
      });
      await expect(toast(page, 'Odds changed')).toBeVisible();
      await expect(wallet(page)).toHaveText(`W: ${money(CREDIT)}`);
    });
  });
}

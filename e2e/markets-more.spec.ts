import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiGet, CREDIT, expect, logIn, ops, sessionOf, test, atWidth } from './fixtures';

/**
 * The further exchange markets (docs/architecture.md identifiers) on the event screen, at 1280 and
 * 375 px: a cricket event's Tied Match (and Completed Match), a soccer event's Over/Under 2.5
 * Goals, a tennis event's set winners — each its own table under Match Odds, betted like match
 * odds through the slip, the server's figures in the wallet and the runner book.
 */

/** docs/product.md#constants: event odds are polled every 2 s; one poll plus the answer's way back. */
const ONE_POLL = { timeout: 5_000 };

const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

const price = (
  request: APIRequestContext,
  eventId: number,
  marketId: string,
  quotes: readonly (readonly [number, number | null, number])[],
) =>
  step(request, eventId, {
    kind: 'prices',
    marketId,
    runners: quotes.map(([selectionId, back, lay]) => ({
      selectionId,
      back: back === null ? [] : [{ price: back, size: 2000 }],
      lay: [{ price: lay, size: 1500 }],
    })),
  });

async function fixture(
  request: APIRequestContext,
  sportId: 1 | 2 | 4,
  markets: readonly string[],
): Promise<{ eventId: number; home: string; away: string }> {
  const tag = randomBytes(3).toString('hex');
  const home = `Home ${tag}`;
  const away = `Away ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId,
    seriesName: `More Markets ${tag}`,
    name: `${home} v ${away}`,
    runners: sportId === 1 ? [home, away, 'The Draw'] : [home, away],
    markets,
    inPlay: true,
  });
  // The home runner at 2 / 2.04, each book keeping the house's rule (backs ≥ 100 %, lays ≤ 100 %).
  const quotes =
    sportId === 1
      ? [
          [2, 2.04],
          [3.5, 4.2],
          [3.4, 4.4],
        ]
      : [
          [2, 2.04],
          [1.96, 2.1],
        ];
  const match = quotes.map(
    ([back = 0, lay = 0], index) => [eventId * 100 + index + 1, back, lay] as const,
  );
  await price(request, eventId, `1.${eventId}`, match);
  return { eventId, home, away };
}

/**
 * <name>-<width>.png in the test's own output dir: a test changes no tracked file, and
 * `SHOTS=journeys node scripts/screenshots.mjs` copies it into docs/screenshots.
 */
const shot = (screen: string, width: number) => test.info().outputPath(`${screen}-${width}.png`);

const table = (page: Page, name: string): Locator => page.getByRole('region', { name });
const row = (market: Locator, name: string): Locator =>
  market.getByTestId('runner-row').filter({ hasText: name });
const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

/** The market tables of the event screen, top to bottom, by their names. */
const tableNames = (page: Page) =>
  page
    .getByRole('region')
    .filter({ has: page.getByTestId('runner-row') })
    .evaluateAll((regions) =>
      regions.map(
        (region) =>
          document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      ),
    );

for (const width of [1280, 375]) {
  const isPhone = width < 768;

  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));
    const press = (cell: Locator) => (isPhone ? cell.tap() : cell.click());

    test('a cricket event shows Tied Match and Completed Match under Match Odds; a back on Yes risks its stake and settles', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, 4, ['TIED_MATCH', 'COMPLETED_MATCH']);
      const [yes, no] = [f.eventId * 100 + 11, f.eventId * 100 + 12];
      await price(request, f.eventId, `${f.eventId}TM`, [
        [yes, 60, 65],
        // No back on the favourite: with one at 1.01 the backs would leave the house no margin.
        [no, null, 1.03],
      ]);
      await price(request, f.eventId, `${f.eventId}CM`, [
        [f.eventId * 100 + 13, 1.03, 1.04],
        [f.eventId * 100 + 14, 25, 60],
      ]);
      await logIn(page, client);
      const session = await sessionOf(page);
      await page.goto(`/market/4/${f.eventId}`);

      const tied = table(page, 'Tied Match');
      await expect(
        row(tied, 'Yes').getByRole('button', { name: 'Back 60', exact: true }),
      ).toBeEnabled(ONE_POLL);
      expect(await tableNames(page)).toEqual(['Match Odds', 'Tied Match', 'Completed Match']);
      await expect(
        row(tied, 'No').getByRole('button', { name: 'Lay 1.03', exact: true }),
      ).toBeEnabled();
      await expect(
        row(table(page, 'Completed Match'), 'Yes').getByRole('button', {
          name: 'Back 1.03',
          exact: true,
        }),
      ).toBeEnabled();
      await page.screenshot({ path: shot('event-tied-match', width) });

      // Lay Yes ₹500 at 65: profit ₹500, liability 500 × 64 = ₹32,000 — beyond a ₹25,000 credit.
      // Back Yes ₹500 at 60 instead: profit ₹29,500, liability ₹500.
      await press(row(tied, 'Yes').getByRole('button', { name: 'Back 60', exact: true }));
      const slip = slipOf(page);
      await expect(slip).toBeInViewport();
      await expect(slip.getByTestId('slip-side')).toHaveText('Back');
      await expect(slip.getByTestId('slip-odds')).toHaveText('60');
      await expect(slip.getByText('Tied Match')).toBeVisible();
      await slip.getByLabel('STAKE', { exact: true }).fill('500');
      await expect(slip.getByTestId('slip-profit')).toHaveText(money(29_500));
      await press(slip.getByRole('button', { name: `Place Bet with Liability ${money(500)}` }));
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect(page.getByRole('button', { name: /^W:/ })).toHaveText(
        `W: ${money(CREDIT - 500)}`,
      );
      const wallet = (
        await apiGet<{ Result: { MainBalance: number; Exposure: number } }>(
          request,
          session,
          '/api/AmountModels/GetBalanceDetail',
        )
      ).Result;
      expect(wallet).toMatchObject({ MainBalance: CREDIT - 500, Exposure: 500 });
      // The runner book: +29,500 if tied, −500 if not.
      await expect(
        row(tied, 'Yes').getByRole('button', { name: `Book of Yes: ${money(29_500)}` }),
      ).toBeVisible(ONE_POLL);
      await expect(
        row(tied, 'No').getByRole('button', { name: `Book of No: ${money(-500)}` }),
      ).toBeVisible();
      const bets = page.getByRole('region', { name: 'Bets' });
      await expect(bets.getByRole('row').nth(1)).toContainText('Tied Match');

      // The operator declares No (not tied): the stake is lost, the exposure released.
      await ops(request, 'declare-result', { marketId: `${f.eventId}TM`, winnerSelectionId: no });
      await expect
        .poll(
          async () =>
            (
              await apiGet<{ Result: { MainBalance: number; Exposure: number } }>(
                request,
                session,
                '/api/AmountModels/GetBalanceDetail',
              )
            ).Result,
        )
        .toMatchObject({ MainBalance: CREDIT - 500, Exposure: 0 });
    });

    test('a soccer event shows Over/Under 1.5, 2.5 and 3.5 Goals; a lay on Over 2.5 risks odds − 1 times the stake', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, 1, ['OVER_UNDER_15', 'OVER_UNDER_25', 'OVER_UNDER_35']);
      for (const [suffix, first, under, underLay, over] of [
        ['OU15', 21, 3.4, 3.9, 1.38],
        ['OU25', 23, 2.2, 2.5, 1.8],
        ['OU35', 25, 1.5, 2, 2.9],
      ] as const) {
        const id = f.eventId * 100 + first;
        await price(request, f.eventId, `${f.eventId}${suffix}`, [
          [id, under, underLay],
          [id + 1, over, over + 0.02],
        ]);
      }
      await logIn(page, client);
      await page.goto(`/market/1/${f.eventId}`);
      const goals = table(page, 'Over/Under 2.5 Goals');
      const overRow = row(goals, 'Over 2.5 Goals');
      await expect(overRow.getByRole('button', { name: 'Lay 1.82', exact: true })).toBeEnabled(
        ONE_POLL,
      );
      expect(await tableNames(page)).toEqual([
        'Match Odds',
        'Over/Under 1.5 Goals',
        'Over/Under 2.5 Goals',
        'Over/Under 3.5 Goals',
      ]);
      await expect(row(goals, 'Under 2.5 Goals')).toBeVisible();
      await page.screenshot({ path: shot('event-over-under', width) });

      await press(overRow.getByRole('button', { name: 'Lay 1.82', exact: true }));
      const slip = slipOf(page);
      await slip.getByLabel('STAKE', { exact: true }).fill('1000');
      await expect(slip.getByTestId('slip-profit')).toHaveText(money(1000));
      await press(slip.getByRole('button', { name: `Place Bet with Liability ${money(820)}` }));
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect(page.getByRole('button', { name: /^W:/ })).toHaveText(
        `W: ${money(CREDIT - 820)}`,
      );
      await expect(
        overRow.getByRole('button', { name: `Book of Over 2.5 Goals: ${money(-820)}` }),
      ).toBeVisible(ONE_POLL);
    });

    test('a tennis event shows each set winner; a suspended set covers its prices', async ({
      page,
      client,
      request,
    }) => {
      const f = await fixture(request, 2, ['SET_WINNER']);
      await price(request, f.eventId, `${f.eventId}SW1`, [
        [f.eventId * 100 + 31, 1.6, 1.62],
        [f.eventId * 100 + 32, 2.5, 2.8],
      ]);
      await price(request, f.eventId, `${f.eventId}SW2`, [
        [f.eventId * 100 + 33, 1.8, 1.82],
        [f.eventId * 100 + 34, 2.1, 2.4],
      ]);
      await logIn(page, client);
      await page.goto(`/market/2/${f.eventId}`);
      const set1 = table(page, 'Set 1 Winner');
      await expect(
        row(set1, f.home).getByRole('button', { name: 'Back 1.6', exact: true }),
      ).toBeEnabled(ONE_POLL);
      expect(await tableNames(page)).toEqual([
        'Match Odds',
        'Set 1 Winner',
        'Set 2 Winner',
        'Set 3 Winner',
      ]);
      await expect(
        row(table(page, 'Set 2 Winner'), f.away).getByRole('button', {
          name: 'Back 2.1',
          exact: true,
        }),
      ).toBeEnabled();
      // Set 3 has no prices yet: suspended.
      await expect(
        row(table(page, 'Set 3 Winner'), f.home).getByTestId('suspended-band'),
      ).toHaveText('SUSPENDED');
      await page.screenshot({ path: shot('event-set-winner', width) });

      await press(row(set1, f.away).getByRole('button', { name: 'Back 2.5', exact: true }));
      const slip = slipOf(page);
      await slip.getByLabel('STAKE', { exact: true }).fill('600');
      await expect(slip.getByTestId('slip-profit')).toHaveText(money(900));
      await press(slip.getByRole('button', { name: `Place Bet with Liability ${money(600)}` }));
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect(page.getByRole('button', { name: /^W:/ })).toHaveText(
        `W: ${money(CREDIT - 600)}`,
      );

      // Set 1 ends: the operator settles it for the away player and the table goes.
      await ops(request, 'declare-result', {
        marketId: `${f.eventId}SW1`,
        winnerSelectionId: f.eventId * 100 + 32,
      });
      await page.reload();
      await expect(table(page, 'Set 2 Winner')).toBeVisible();
      await expect(table(page, 'Set 1 Winner')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^W:/ })).toHaveText(
        `W: ${money(CREDIT + 900)}`,
      );
    });
  });
}

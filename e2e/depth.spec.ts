import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, logIn, ops, test, atWidth } from './fixtures';
import { accessibleNames } from './support/names';

/**
 * Price depth on the event screen, the home page's In-Play board and the tennis score panel, at
 * 1280 px and 375 px. Match odds show three backs and three lays on wider screens (backs worst
 * to best, then lays best to worst, the best two strong), one of each on phones; any level opens
 * the slip at its price and the server takes the bet there.
 */

/** docs/product.md#constants: event odds are polled every 2 s, list rates every 5 s, scores every 5 s. */
const ONE_POLL = { timeout: 8_000 };

const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

type Level = readonly [price: number, size: number];
const side = (levels: readonly Level[]) => levels.map(([price, size]) => ({ price, size }));

/** Three levels a side, best first (the scripted feed's prices are decimals, sizes rupees). */
const LADDERS = {
  home: {
    back: [
      [1.9, 1000],
      [1.89, 2500],
      [1.88, 4000],
    ],
    lay: [
      [1.92, 800],
      [1.93, 1500],
      [1.95, 3000],
    ],
  },
  away: {
    back: [
      [2.06, 1200],
      [2.04, 900],
      [2.02, 5000],
    ],
    lay: [
      [2.1, 700],
      [2.12, 2000],
      [2.14, 6000],
    ],
  },
} as const satisfies Record<string, Record<'back' | 'lay', readonly Level[]>>;

interface Match {
  readonly eventId: number;
  readonly name: string;
  readonly home: string;
  readonly away: string;
}

/** A scripted cricket match in play, its match odds priced three levels deep. */
async function cricketMatch(request: APIRequestContext): Promise<Match> {
  const tag = randomBytes(3).toString('hex');
  const home = `Depth Lions ${tag}`;
  const away = `Depth Tigers ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Depth Cup ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    inPlay: true,
  });
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [LADDERS.home, LADDERS.away].map((ladder, index) => ({
      selectionId: eventId * 100 + index + 1,
      back: side(ladder.back),
      lay: side(ladder.lay),
    })),
  });
  return { eventId, name: `${home} v ${away}`, home, away };
}

const matchOdds = (page: Page) => page.getByRole('region', { name: 'Match Odds' });
const runnerRow = (page: Page, name: string): Locator =>
  matchOdds(page).getByTestId('runner-row').filter({ hasText: name });
/** The price cells a reader or a finger can reach (levels hidden on phones are not). */
const priceCells = (row: Locator) => row.getByRole('button', { name: /^(Back|Lay) / });
const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'no box').not.toBeNull();
  return found!;
};

for (const width of [1280, 375]) {
  const isPhone = width === 375;
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test(`match odds show ${isPhone ? 'the best back and lay' : 'three backs and three lays'} per runner; a level opens the slip at its price and the bet is matched at the best`, async ({
      page,
      client,
      request,
    }) => {
      const match = await cricketMatch(request);
      await logIn(page, client);
      await page.goto(`/market/4/${match.eventId}`);
      const home = runnerRow(page, match.home);
      const away = runnerRow(page, match.away);
      if (isPhone) {
        await expect(priceCells(home)).toHaveCount(2, ONE_POLL);
        await expect(priceCells(away)).toHaveCount(2);
        await expect(home.locator('[data-side]:visible [data-testid="odds-size"]')).toHaveText([
          '1K',
          '800',
        ]);
        expect(await names(priceCells(home))).toEqual(['Back 1.9', 'Lay 1.92']);
        expect(await names(priceCells(away))).toEqual(['Back 2.06', 'Lay 2.1']);
      } else {
        await expect(priceCells(home)).toHaveCount(6, ONE_POLL);
        // Backs worst → best, then lays best → worst: the best two meet in the middle.
        expect(await names(priceCells(home))).toEqual([
          'Back 1.88',
          'Back 1.89',
          'Back 1.9',
          'Lay 1.92',
          'Lay 1.93',
          'Lay 1.95',
        ]);
        await expect(home.getByTestId('odds-size')).toHaveText([
          '4K',
          '2.5K',
          '1K',
          '800',
          '1.5K',
          '3K',
        ]);
        expect(await names(priceCells(away))).toEqual([
          'Back 2.02',
          'Back 2.04',
          'Back 2.06',
          'Lay 2.1',
          'Lay 2.12',
          'Lay 2.14',
        ]);
        // The best back and lay are the strong blue and pink; deeper levels lighter.
        const background = (name: string) =>
          home
            .getByRole('button', { name, exact: true })
            .evaluate((cell) => getComputedStyle(cell).backgroundColor);
        expect(await background('Back 1.9')).toBe('rgb(167, 216, 253)');
        expect(await background('Lay 1.92')).toBe('rgb(249, 201, 212)');
        expect(await background('Back 1.88')).not.toBe('rgb(167, 216, 253)');
        expect(await background('Lay 1.95')).not.toBe('rgb(249, 201, 212)');
        // The "Back" and "Lay" headers stand over the best back and the best lay.
        for (const [header, cell] of [
          ['Back', 'Back 1.9'],
          ['Lay', 'Lay 1.92'],
        ] as const) {
          const columns = matchOdds(page).locator('div[aria-hidden="true"]');
          const over = await box(columns.getByText(header, { exact: true }));
          const under = await box(home.getByRole('button', { name: cell, exact: true }));
          expect(Math.abs(over.x + over.width / 2 - (under.x + under.width / 2))).toBeLessThan(2);
        }
      }

      // A click on a level opens the slip at that price; the server re-checks it and takes it.
      const chosen = isPhone ? 'Back 1.9' : 'Back 1.88';
      const cell = home.getByRole('button', { name: chosen, exact: true });
      if (isPhone) await cell.tap();
      else await cell.click();
      const slip = slipOf(page);
      await expect(slip.getByTestId('slip-side')).toHaveText('Back');
      await expect(slip.getByTestId('slip-odds')).toHaveText(isPhone ? '1.9' : '1.88');
      await expect(cell).toHaveAttribute('aria-pressed', 'true');
      await slip.getByRole('button', { name: 'Add 1,000' }).click();
      await slip.getByRole('button', { name: /^Place Bet/ }).click();
      // The server matches at the best price there is (docs/decisions.md#price-improvement): a
      // back asked at the deeper 1.88 is made at the best back, 1.9, and the answer says so.
      await expect(
        toast(page, isPhone ? 'Bet placed successfully' : 'Bet placed successfully at 1.9'),
      ).toBeVisible();
      const bets = page.getByRole('region', { name: 'Bets' });
      await expect(bets.getByRole('row').filter({ hasText: match.home })).toContainText('1.9');

      // Suspended: one band covers the runner's whole row of prices.
      await step(request, match.eventId, { kind: 'suspend', marketId: `1.${match.eventId}` });
      const band = home.getByTestId('suspended-band');
      await expect(band).toHaveText('SUSPENDED', ONE_POLL);
      const cover = await box(band);
      const cells = home.locator('[data-side]:visible');
      await expect(cells).toHaveCount(isPhone ? 2 : 6);
      const first = await box(cells.first());
      const last = await box(cells.last());
      expect(cover.x).toBeLessThanOrEqual(first.x);
      expect(cover.x + cover.width).toBeGreaterThanOrEqual(last.x + last.width);
      expect(cover.height).toBeGreaterThanOrEqual(first.height);
      await expect(home.getByRole('button', { name: 'Back 1.9', exact: true })).toBeDisabled();
    });

    test('the home page lists a match in play with its match odds and opens its event', async ({
      page,
      client,
      request,
    }) => {
      const match = await cricketMatch(request);
      await logIn(page, client);
      await expect(page).toHaveURL(/\/home$/);
      // The five cards stay.
      await expect(
        page.getByRole('main').getByRole('list').first().getByRole('listitem'),
      ).toHaveText(['Cricket', 'Soccer', 'Tennis', 'Casino', 'Matka']);
      const board = page.getByRole('region', { name: 'In-Play' });
      const cricket = board.getByRole('region', { name: 'Cricket' });
      const row = cricket.getByTestId('market-row').filter({ hasText: match.name });
      await expect(row.getByRole('link', { name: match.name })).toBeVisible({ timeout: 10_000 });
      // Best back and lay per runner, home then away (1 / 2).
      await expect(row.getByTestId('odds-price')).toHaveText(['1.9', '1.92', '2.06', '2.1'], {
        timeout: 8_000,
      });
      await expect(row.getByTestId('odds-size')).toHaveText(['1K', '800', '1.2K', '700']);
      await expect(row).toContainText('In-play');
      const link = row.getByRole('link', { name: match.name });
      if (isPhone) await link.tap();
      else await link.click();
      await expect(page).toHaveURL(new RegExp(`/market/4/${match.eventId}$`));
      await expect(page.getByRole('heading', { name: match.name })).toBeVisible();
    });

    test('a tennis score panel shows the points of the game in play and who serves', async ({
      page,
      client,
      request,
    }) => {
      const tag = randomBytes(3).toString('hex');
      const home = `Ray ${tag}`;
      const away = `Sol ${tag}`;
      const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
        sportId: 2,
        seriesName: `Depth Open ${tag}`,
        name: `${home} v ${away}`,
        runners: [home, away],
        inPlay: true,
      });
      const player = (name: string, sets: number, gameSequence: number[], games: number) => ({
        name,
        sets,
        gameSequence,
        games,
      });
      await step(request, eventId, {
        kind: 'tennis',
        players: [
          { ...player(home, 1, [6], 4), points: 3 },
          { ...player(away, 0, [3], 4), points: 4 },
        ],
        server: 'away',
        commentary: `Advantage ${away}`,
      });
      await logIn(page, client);
      await page.goto(`/market/2/${eventId}`);
      const score = page.getByRole('region', { name: 'Score' });
      await expect(score.getByRole('columnheader')).toHaveText(
        ['Player', 'S1', 'Games', 'Sets', 'Points'],
        ONE_POLL,
      );
      const rows = score.getByRole('row');
      await expect(rows.nth(1).getByRole('cell')).toHaveText(['6', '4', '1', '40']);
      await expect(rows.nth(2).getByRole('cell')).toHaveText(['3', '4', '0', 'AD']);
      await expect(rows.nth(2).getByRole('img', { name: 'Serving' })).toBeVisible();
      await expect(score.getByRole('img', { name: 'Serving' })).toHaveCount(1);
      await expect(score.locator('caption')).toHaveText('Set 2');

      // The set goes to a tie-break: its points are counted, the caption says so.
      await step(request, eventId, {
        kind: 'tennis',
        players: [
          { ...player(home, 1, [6], 6), points: 5 },
          { ...player(away, 0, [3], 6), points: 4 },
        ],
        isTiebreak: true,
        server: 'home',
      });
      await expect(score.locator('caption')).toHaveText('Set 2 · Tie-break', ONE_POLL);
      await expect(rows.nth(1).getByRole('cell')).toHaveText(['6', '6', '1', '5']);
      await expect(rows.nth(2).getByRole('cell')).toHaveText(['3', '6', '0', '4']);
      await expect(rows.nth(1).getByRole('img', { name: 'Serving' })).toBeVisible();
      await expect(score.getByRole('img', { name: 'Serving' })).toHaveCount(1);
      if (isPhone) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  });
}

/** The accessible names of the cells, left to right. */
const names = (cells: Locator): Promise<string[]> => accessibleNames(cells);

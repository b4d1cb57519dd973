import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiBet, expect, logIn, ops, sessionOf, test, atWidth } from './fixtures';
import { stopPageClock } from './support/clock';

/**
 * <name>-<width>.png in the test's own output dir: a test changes no tracked file, and
 * `SHOTS=journeys node scripts/screenshots.mjs` copies it into docs/screenshots.
 */
const shoot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });

/** The banner under the header, the slip's reason and the tables' age label (their words). */
const CONNECTION_LOST = 'Connection lost — reconnecting…';
const STALE_REASON = 'Prices are out of date — reconnecting…';
const age = (seconds: number) => `Prices ${seconds} s old`;

interface Fixture {
  readonly eventId: number;
  readonly name: string;
  readonly home: string;
  readonly away: string;
  readonly fancy: string;
}

const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

/** Selection ids are EventId * 100 + 1, + 2 in runner order (scripted feed). */
const runners = (eventId: number, prices: ReadonlyArray<readonly [number, number]>) =>
  prices.map(([back, lay], index) => ({
    selectionId: eventId * 100 + index + 1,
    back: [{ price: back, size: 1000 }],
    lay: [{ price: lay, size: 800 }],
  }));

/** A book of the event's prices: match odds and bookmaker (back, lay per runner) and the fancy row. */
interface Book {
  readonly match: ReadonlyArray<readonly [number, number]>;
  readonly bookmaker: ReadonlyArray<readonly [number, number]>;
  readonly fancy: { readonly noLine: number; readonly yesLine: number };
}

/**
 * The prices the journeys bet at: match odds 1.9/1.92 and 2.06/2.1, bookmaker 45/95 and 100/120
 * (outside the exchange's spread, as the house's bookmaker sits), fancy 50.
 */
const LIVE: Book = {
  match: [
    [1.9, 1.92],
    [2.06, 2.1],
  ],
  bookmaker: [
    [45, 95],
    [100, 120],
  ],
  fancy: { noLine: 50, yesLine: 50 },
};
/** Where the freshness journeys open, so the step to LIVE shows when it arrives. */
const OPENING: Book = {
  match: [
    [1.8, 1.82],
    [2.2, 2.24],
  ],
  bookmaker: [
    [40, 85],
    [110, 130],
  ],
  fancy: { noLine: 48, yesLine: 48 },
};

/** Every price of the event moved to `book`: one push each through the hub (and the polls). */
async function stepPrices(request: APIRequestContext, eventId: number, book: Book) {
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: runners(eventId, book.match),
  });
  await step(request, eventId, {
    kind: 'prices',
    marketId: `${eventId}B`,
    runners: runners(eventId, book.bookmaker),
  });
  await step(request, eventId, {
    kind: 'fancy',
    rows: [{ selectionId: `${eventId}-1`, ...book.fancy, noRate: 90, yesRate: 110 }],
  });
}

/** A scripted cricket event with a bookmaker and one fancy row, priced at `book`. */
async function cricketFixture(request: APIRequestContext, book: Book = LIVE): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Lions ${tag}`;
  const away = `Tigers ${tag}`;
  const fancy = `6 over runs ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Stale Cup ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    bookmaker: true,
    fancy: [fancy],
    inPlay: true,
  });
  await stepPrices(request, eventId, book);
  return { eventId, name: `${home} v ${away}`, home, away, fancy };
}

const market = (page: Page, name: string): Locator => page.getByRole('region', { name });
const runnerRow = (table: Locator, name: string): Locator =>
  table.getByTestId('runner-row').filter({ hasText: name });
const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: CONNECTION_LOST });

/**
 * Opens the event (priced at OPENING) with the page's clock installed, then stops time and moves
 * every price to LIVE: the hub pushes each with its data, so once the LIVE prices show, every
 * table's data is exactly as old as the page's clock says from here.
 */
async function openEventAtStoppedTime(
  page: Page,
  request: APIRequestContext,
  f: Fixture,
): Promise<Locator> {
  await page.goto(`/market/4/${f.eventId}`);
  const match = market(page, 'Match Odds');
  await expect(match.getByRole('button', { name: 'Back 1.8', exact: true })).toBeEnabled();
  await stopPageClock(page);
  await stepPrices(request, f.eventId, LIVE);
  const back = runnerRow(match, f.home).getByRole('button', { name: 'Back 1.9', exact: true });
  const arrived = [
    back,
    market(page, 'Bookmaker').getByRole('button', { name: 'Back 45', exact: true }),
    page.getByTestId('fancy-row').getByRole('button', { name: 'No 50' }),
  ];
  // The cache tells the screen on a zero-delay timer, which the stopped clock runs only when told.
  await expect(async () => {
    await page.clock.runFor(0);
    for (const cell of arrived) await expect(cell).toBeEnabled({ timeout: 100 });
  }).toPass();
  return back;
}

/**
 * The hub's frames to the page pass through the test (Playwright's WebSocket route): while
 * `silence` is on, every message about the event — its price pushes and the feed's heartbeats —
 * is dropped, and everything else (pings, other events) still arrives: the hub stays up while
 * the event's data stops.
 */
async function tapHub(page: Page, eventId: number) {
  const tap = { silence: false };
  const isAbout = (record: string) => {
    const message = JSON.parse(record) as { arguments?: Array<Record<string, unknown>> };
    const payload = message.arguments?.[0];
    return payload?.EventId === eventId || payload?.MarketId === eventId;
  };
  await page.routeWebSocket(/\/MessageHub/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame !== 'string') return ws.send(frame);
      const records = frame.split('\x1e').filter((record) => record !== '');
      const kept = records.filter((record) => !(tap.silence && isAbout(record)));
      if (kept.length > 0) ws.send(kept.map((record) => `${record}\x1e`).join(''));
    });
  });
  return tap;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('offline: a banner, every price greyed out with its age, no placing; all back by itself online', async ({
      page,
      context,
      client,
      request,
    }) => {
      const f = await cricketFixture(request, OPENING);
      await page.clock.install();
      await logIn(page, client);
      const back = await openEventAtStoppedTime(page, request, f);
      const match = market(page, 'Match Odds');
      const home = runnerRow(match, f.home);
      await back.click();
      // The slip opens a frame after the press has painted: one frame of the stopped clock.
      await page.clock.runFor(20);
      const slip = slipOf(page);
      await slip.getByLabel('STAKE', { exact: true }).fill('500');
      const place = slip.getByRole('button', { name: 'Place Bet with Liability 500.00' });
      await expect(place).toBeEnabled();
      await expect(banner(page)).toHaveCount(0);
      await expect(page.getByTestId('price-age')).toHaveCount(0);

      await context.setOffline(true);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page)).toHaveText(CONNECTION_LOST);
      // The header's indicator says so too, not Live.
      await expect(page.getByRole('status', { name: 'Live updates: Offline' })).toBeVisible();
      // Each table greys out with the age of its own data: pushed at this very instant.
      await expect(match.getByTestId('price-age')).toHaveText(age(0));
      await expect(market(page, 'Bookmaker').getByTestId('price-age')).toHaveText(age(0));
      await expect(page.getByTestId('fancy-table').getByTestId('price-age')).toHaveText(age(0));
      await expect(back).toHaveAttribute('aria-disabled', 'true');
      await expect(back).toBeDisabled();
      await expect(
        page.getByTestId('fancy-row').getByRole('button', { name: 'No 50' }),
      ).toBeDisabled();
      // The slip does not place, and says why.
      await expect(slip.getByTestId('slip-stale')).toHaveText(STALE_REASON);
      await expect(place).toBeDisabled();
      // A click on a greyed price chooses nothing: the slip keeps its Back 1.9.
      await home.getByRole('button', { name: 'Lay 1.92', exact: true }).click({ force: true });
      await expect(slip.getByTestId('slip-side')).toHaveText('Back');
      await expect(slip.getByLabel('ODDS')).toHaveText('1.9');

      // The age counts on by the page's clock, second by second, past the feed's 10 s window.
      await page.clock.runFor(3000);
      await expect(match.getByTestId('price-age')).toHaveText(age(3));
      await shoot(page, 'bet-slip-stale', width);
      await page.clock.runFor(9000);
      await expect(match.getByTestId('price-age')).toHaveText(age(12));
      await expect(back).toBeDisabled();
      // The slip closed by itself meanwhile (10 s): the tables in full.
      await expect(slip.getByLabel('STAKE', { exact: true })).toHaveCount(0);
      await shoot(page, 'event-stale', width);

      // Back online: the hub reconnects, the prices come back and the banner goes, by themselves.
      await context.setOffline(false);
      await page.clock.resume();
      await expect(banner(page)).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
      await expect(page.getByTestId('price-age')).toHaveCount(0);
      await expect(back).toBeEnabled();
      await expect(back).not.toHaveAttribute('aria-disabled');
      await back.click();
      await slip.getByLabel('STAKE', { exact: true }).fill('500');
      await expect(place).toBeEnabled();
      await expect(slip.getByTestId('slip-stale')).toHaveCount(0);
    });

    test('a market whose data stops greys out once it is 10 s old, with no banner while the hub is up', async ({
      page,
      client,
      request,
    }) => {
      const f = await cricketFixture(request, OPENING);
      const hub = await tapHub(page, f.eventId);
      await page.clock.install();
      await logIn(page, client);
      const back = await openEventAtStoppedTime(page, request, f);
      const match = market(page, 'Match Odds');
      // From here nothing about the event arrives — no push, no heartbeat, no poll answer — while
      // the hub stays connected.
      hub.silence = true;
      await page.route(`**/api/Odds/**`, (route) => route.abort());
      await page.clock.runFor(9000);
      await expect(match.getByTestId('price-age')).toHaveCount(0);
      await expect(back).toBeEnabled();
      await page.clock.runFor(1000);
      await expect(match.getByTestId('price-age')).toHaveText(age(10));
      await expect(back).toBeDisabled();
      await page.clock.runFor(1000);
      await expect(match.getByTestId('price-age')).toHaveText(age(11));
      await expect(banner(page)).toHaveCount(0);

      // The next push (or heartbeat) brings the prices back.
      hub.silence = false;
      await page.unroute(`**/api/Odds/**`);
      await page.clock.resume();
      await step(request, f.eventId, {
        kind: 'prices',
        marketId: `1.${f.eventId}`,
        runners: runners(f.eventId, [
          [1.9, 1.92],
          [2.08, 2.12],
        ]),
      });
      await expect(match.getByTestId('price-age')).toHaveCount(0);
      await expect(back).toBeEnabled();
    });

    test('the user book keeps the user name and each team on one line', async ({
      page,
      client,
      request,
    }) => {
      const f = await cricketFixture(request);
      await logIn(page, client);
      const session = await sessionOf(page);
      await apiBet(request, session, {
        sportsId: 4,
        SelectionName: f.home,
        SelectionID: String(f.eventId * 100 + 1),
        Price: 0,
        OldPrice: 0,
        MarketType: 'MATCH_ODDS',
        MarketId: `1.${f.eventId}`,
        EventId: f.eventId,
        BetStatus: 'Pending',
        ReturnBalance: 0,
        UserId: 0,
        Odds: 1.9,
        BetType: 'Back',
        Stack: 1000,
        OldStack: 1000,
        Exposure: 1000,
      });
      await page.goto(`/market/4/${f.eventId}`);
      await runnerRow(market(page, 'Match Odds'), f.home)
        .getByRole('button', { name: /^Book of / })
        .click();
      const book = page.getByRole('dialog', { name: `Position Of ${f.name}` });
      await expect(book.getByRole('columnheader')).toHaveText(['User', f.home, f.away]);
      await expect(book.getByRole('rowheader')).toHaveText([client.username]);
      // One line box per header: the words of each sit on a single line (none wraps).
      const headers = book.locator('th');
      await expect(headers).toHaveCount(4);
      const lines = await headers.evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          // The text itself (inside the cell's one child, if any): a rect per line it takes.
          range.selectNodeContents(cell.firstElementChild ?? cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines).toEqual([1, 1, 1, 1]);
      const heights = await book
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().height));
      expect(new Set(heights).size).toBe(1);
      await shoot(page, 'user-book', width);
    });
  });
}

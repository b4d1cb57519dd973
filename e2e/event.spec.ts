import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiBet,
  apiGet,
  expect,
  logIn,
  ops,
  sessionOf,
  test,
  type ApiSession,
  PHONE,
} from './fixtures';
import { expectAccessible } from './support/axe';

/** docs/product.md#constants: event odds are polled every 2 s; one poll plus the answer's way back. */
const ONE_POLL = { timeout: 5_000 };

interface CricketFixture {
  readonly eventId: number;
  readonly name: string;
  readonly home: string;
  readonly away: string;
  readonly fancy: string;
  readonly longFancy: string;
}

/** A scripted cricket event with bookmaker, toss and two fancy rows, priced by the test. */
async function cricketFixture(request: APIRequestContext): Promise<CricketFixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Lions ${tag}`;
  const away = `Tigers ${tag}`;
  const fancy = `6 over runs ${tag}`;
  const longFancy = `Lions ${tag} 20 over runs line`; // 30 characters: scrolls on mobile
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `E2E Cup ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    bookmaker: true,
    toss: true,
    fancy: [fancy, longFancy],
    inPlay: true,
  });
  const fixture = { eventId, name: `${home} v ${away}`, home, away, fancy, longFancy };
  await priceAll(request, fixture);
  return fixture;
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

async function priceAll(request: APIRequestContext, { eventId }: { eventId: number }) {
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: runners(eventId, [
      [1.9, 1.92],
      [2.06, 2.1],
    ]),
  });
  await step(request, eventId, {
    kind: 'prices',
    marketId: `${eventId}B`,
    // Outside the exchange's spread on each runner, as the house's bookmaker sits.
    runners: runners(eventId, [
      [45, 95],
      [100, 120],
    ]),
  });
  await step(request, eventId, {
    kind: 'prices',
    marketId: `${eventId}T`,
    runners: runners(eventId, [
      [1.95, 1.98],
      [1.96, 2.1],
    ]),
  });
  await step(request, eventId, {
    kind: 'fancy',
    rows: [
      { selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 },
      { selectionId: `${eventId}-2`, noLine: 160, noRate: 100, yesLine: 161, yesRate: 100 },
    ],
  });
}

/**
 * Known bets: back 1000 at 1.9 and lay 500 at 1.92 on the home side (their best prices, so the
 * answer is exactly "Bet placed successfully": docs/decisions.md#price-improvement), No 100 on the
 * fancy.
 */
async function placeBets(request: APIRequestContext, session: ApiSession, f: CricketFixture) {
  const base = {
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
  };
  await apiBet(request, session, {
    ...base,
    Odds: 1.9,
    BetType: 'Back',
    Stack: 1000,
    OldStack: 1000,
    Exposure: 1000,
  });
  await apiBet(request, session, {
    ...base,
    Odds: 1.92,
    BetType: 'Lay',
    Stack: 500,
    OldStack: 500,
    Exposure: 500,
  });
  await apiBet(request, session, {
    ...base,
    SelectionName: f.fancy,
    SelectionID: `${f.eventId}-1`,
    MarketType: 'FANCY',
    MarketId: String(f.eventId),
    Odds: 50,
    Price: 90,
    BetType: 'No',
    Stack: 100,
    OldStack: 100,
    Exposure: 100,
  });
}

const market = (page: Page, name: string): Locator => page.getByRole('region', { name });
const runnerRow = (table: Locator, name: string): Locator =>
  table.getByTestId('runner-row').filter({ hasText: name });
const fancyRow = (page: Page, name: string): Locator =>
  page.getByTestId('fancy-row').filter({ hasText: name });

const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

test("the tables show the fixture's prices, the server's book figures, the user book and the position ladder", async ({
  page,
  client,
  request,
}) => {
  const f = await cricketFixture(request);
  await logIn(page, client);
  const session = await sessionOf(page);
  await placeBets(request, session, f);
  await page.goto(`/market/4/${f.eventId}`);

  await expect(page.getByRole('heading', { name: f.name })).toBeVisible();
  const match = market(page, 'Match Odds');
  await expect(match.getByText('Min: 500 Max: 5,00,000')).toBeVisible();
  const home = runnerRow(match, f.home);
  await expect(home.getByRole('button', { name: 'Back 1.9', exact: true })).toBeVisible();
  await expect(home.getByRole('button', { name: 'Lay 1.92', exact: true })).toBeVisible();
  const away = runnerRow(match, f.away);
  await expect(away.getByRole('button', { name: 'Back 2.06', exact: true })).toBeVisible();
  await expect(away.getByRole('button', { name: 'Lay 2.1', exact: true })).toBeVisible();
  const bookmaker = market(page, 'Bookmaker');
  await expect(runnerRow(bookmaker, f.home).getByRole('button', { name: 'Back 45' })).toBeVisible();
  await expect(runnerRow(bookmaker, f.away).getByRole('button', { name: 'Lay 120' })).toBeVisible();
  await expect(
    runnerRow(market(page, 'Toss'), f.away).getByRole('button', { name: 'Back 1.96' }),
  ).toBeVisible();
  await expectAccessible(page, 'the event screen: match odds, bookmaker, toss and fancy');
  const fancy = fancyRow(page, f.fancy);
  await expect(fancy.getByRole('button', { name: 'No 50' })).toContainText('90');
  await expect(fancy.getByRole('button', { name: 'Yes 50' })).toContainText('110');
  await expect(match.getByText('SUSPENDED')).toHaveCount(0);

  // The book figures are the server's.
  const book = await apiGet<{ Result: { selectionId: number; pL: number }[] }>(
    request,
    session,
    `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=1.${f.eventId}&sportsId=4`,
  );
  const figures = book.Result.map((runner) => runner.pL);
  // Home: +900 − round(0.92 × 500) = 440; away: −1000 + 500 = −500.
  expect(figures).toEqual([440, -500]);
  const homeBook = home.getByRole('button', { name: `Book of ${f.home}: ${money(figures[0]!)}` });
  await expect(homeBook).toHaveText(money(figures[0]!));
  await expect(homeBook).toHaveCSS('color', 'rgb(27, 127, 58)');
  const awayBook = away.getByRole('button', { name: `Book of ${f.away}: ${money(figures[1]!)}` });
  await expect(awayBook).toHaveCSS('color', 'rgb(198, 40, 40)');

  // The user book: 'Position Of {match}', a column per side of the name split on ' v '.
  await homeBook.click();
  const userBook = page.getByRole('dialog', { name: `Position Of ${f.name}` });
  await expect(userBook.getByRole('columnheader')).toHaveText(['User', f.home, f.away]);
  await expectAccessible(page, 'the user book modal');
  await expect(userBook.getByRole('row').nth(1)).toHaveText(
    `${client.username}${money(440)}${money(-500)}`,
  );
  await userBook.getByRole('button', { name: 'Close' }).click();
  await expect(userBook).toHaveCount(0);

  // The fancy position and its ladder: Runs and Position, red if negative, green otherwise.
  const positions = await apiGet<{ Result: { SelectionId: string; Position: number }[] }>(
    request,
    session,
    `/api/UserBetModels/GetFancyPosition?marketId=${f.eventId}`,
  );
  expect(positions.Result).toEqual([{ SelectionId: `${f.eventId}-1`, Position: -100 }]);
  await fancy.getByRole('button', { name: `Position of ${f.fancy}: ${money(-100)}` }).click();
  const ladder = page.getByRole('dialog', { name: `Position: ${f.fancy}` });
  await expect(ladder.getByRole('columnheader')).toHaveText(['Runs', 'Position']);
  await expectAccessible(page, 'the fancy position modal');
  await expect(ladder.getByRole('row')).toHaveText([
    'RunsPosition',
    '4990.00',
    '50-100.00',
    '51-100.00',
  ]);
  await expect(ladder.getByRole('row').nth(1).getByRole('cell').last()).toHaveCSS(
    'color',
    'rgb(27, 127, 58)',
  );
  await expect(ladder.getByRole('row').nth(2).getByRole('cell').last()).toHaveCSS(
    'color',
    'rgb(198, 40, 40)',
  );
  await page.keyboard.press('Escape');
  await expect(ladder).toHaveCount(0);

  // The event's bets: counts per tab, fancy odds with the price in brackets, lay rows pink.
  const bets = page.getByRole('region', { name: 'Bets' });
  await expect(bets.getByRole('tab')).toHaveText(['All (3)', 'Match Bets (2)', 'Fancy Bets (1)']);
  const first = bets.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(2)).toHaveText('50 (90)');
  await expect(first.getByRole('cell').first()).toHaveCSS('background-color', 'rgb(249, 201, 212)');

  // A price chooses its selection for the slip.
  await home.getByRole('button', { name: 'Lay 1.92', exact: true }).click();
  const slip = page.getByRole('region', { name: 'Bet slip' });
  await expect(slip.getByTestId('slip-side')).toHaveText('Lay');
  await expect(slip.getByTestId('slip-odds')).toHaveText('1.92');
});

test('a suspension stepped by the test shows the overlay; the event lock suspends everything', async ({
  page,
  client,
  request,
}) => {
  const f = await cricketFixture(request);
  await logIn(page, client);
  await page.goto(`/market/4/${f.eventId}`);
  const match = market(page, 'Match Odds');
  await expect(match.getByRole('button', { name: 'Back 1.9', exact: true })).toBeEnabled();

  await step(request, f.eventId, { kind: 'suspend', marketId: `1.${f.eventId}` });
  await expect(match.getByText('SUSPENDED', { exact: true })).toHaveCount(2, ONE_POLL);
  await expect(match.getByRole('button', { name: 'Back 1.9', exact: true })).toBeDisabled();
  await expect(market(page, 'Bookmaker').getByText('SUSPENDED')).toHaveCount(0);

  await step(request, f.eventId, {
    kind: 'fancy',
    rows: [
      {
        selectionId: `${f.eventId}-1`,
        gameStatus: 'Ball Running',
        noLine: 50,
        noRate: 90,
        yesLine: 50,
        yesRate: 110,
      },
      { selectionId: `${f.eventId}-2`, noLine: 160, noRate: 100, yesLine: 161, yesRate: 100 },
    ],
  });
  await expect(fancyRow(page, f.fancy).getByText('Ball Running')).toBeVisible(ONE_POLL);
  await expect(fancyRow(page, f.fancy).getByRole('button', { name: 'Yes 50' })).toBeDisabled();

  // The lock is read with the event detail, on entry.
  await ops(request, 'lock-event', { eventId: f.eventId });
  await page.reload();
  for (const name of ['Match Odds', 'Bookmaker', 'Toss']) {
    await expect(market(page, name).getByText('SUSPENDED', { exact: true })).toHaveCount(2);
  }
  const locked = fancyRow(page, f.longFancy);
  await expect(locked.getByText('SUSPENDED')).toBeVisible();
  await expect(locked.getByRole('button', { name: 'No -' })).toBeDisabled();
  await expect(locked.getByRole('button', { name: 'Yes -' })).toBeDisabled();
});

test('live TV sits above the bet slip at 1280 px', async ({ page, client, request }) => {
  const f = await cricketFixture(request);
  await logIn(page, client);
  await page.goto(`/market/4/${f.eventId}`);
  const tv = page.getByRole('region', { name: 'Live TV' });
  await tv.getByRole('button', { name: /Live TV/ }).click();
  // The built-in TV page (TV_PORT) gives the event a player; the layout is the point here.
  await expect(tv.getByTitle(/^Live TV: /)).toBeVisible();
  const tvBox = (await tv.boundingBox())!;
  const slipBox = (await page.getByRole('region', { name: 'Bet slip' }).boundingBox())!;
  const mainBox = (await market(page, 'Match Odds').boundingBox())!;
  expect(tvBox.y + tvBox.height).toBeLessThanOrEqual(slipBox.y);
  expect(tvBox.x).toBeGreaterThanOrEqual(mainBox.x + mainBox.width);
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('live TV sits above the content; no sideways scroll; 40 px tap targets; long names scroll', async ({
    page,
    client,
    request,
  }) => {
    const f = await cricketFixture(request);
    await logIn(page, client);
    await page.goto(`/market/4/${f.eventId}`);
    const match = market(page, 'Match Odds');
    const back = match.getByRole('button', { name: 'Back 1.9', exact: true });
    await expect(back).toBeVisible();
    const tvBox = (await page.getByRole('region', { name: 'Live TV' }).boundingBox())!;
    const mainBox = (await match.boundingBox())!;
    expect(tvBox.y + tvBox.height).toBeLessThanOrEqual(mainBox.y);
    expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    const info = fancyRow(page, f.fancy).getByRole('button', { name: `Info: ${f.fancy}` });
    expect((await info.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await expectAccessible(page, 'the event screen at 375 px');
    await expect(fancyRow(page, f.longFancy).locator('[data-scrolls="true"]')).toHaveCSS(
      'white-space',
      'nowrap',
    );
    await expect(fancyRow(page, f.fancy).locator('[data-scrolls="false"]')).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // A chosen price opens the slip above the footer menu.
    await back.click();
    const slip = page.getByRole('region', { name: 'Bet slip' });
    await expect(slip.getByTestId('slip-odds')).toHaveText('1.9');
    await expect(slip).toBeInViewport();
  });
});

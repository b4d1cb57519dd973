import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CREDIT, expect, logIn, ops, test, type Client, atWidth } from './fixtures';
import { expectAccessible } from './support/axe';

interface Fixture {
  readonly eventId: number;
  readonly marketId: string;
  readonly lions: number;
  readonly tigers: number;
}

/** A scripted Lions v Tigers in play with back 1.9 / lay 2.1 on both sides. */
async function lionsVTigers(request: APIRequestContext): Promise<Fixture> {
  return cricketMatch(request, 'Lions', 'Tigers');
}

/** A scripted `home v away` cricket match in play with back 1.9 / lay 2.1 on both sides. */
async function cricketMatch(
  request: APIRequestContext,
  home: string,
  away: string,
): Promise<Fixture> {
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Report Cup ${randomBytes(3).toString('hex')}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    inPlay: true,
  });
  // Selection ids are EventId * 100 + 1, + 2 in runner order (scripted feed).
  const fixture = {
    eventId,
    marketId: `1.${eventId}`,
    lions: eventId * 100 + 1,
    tigers: eventId * 100 + 2,
  };
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: fixture.marketId,
      status: 'ACTIVE',
      runners: [fixture.lions, fixture.tigers].map((selectionId) => ({
        selectionId,
        back: [{ price: 1.9, size: 5000 }],
        lay: [{ price: 2.1, size: 5000 }],
      })),
    },
  });
  return fixture;
}

/** Logs the client in through the API, as the bet slip's calls would carry its token. */
async function apiLogin(request: APIRequestContext, client: Client) {
  const response = await request.post('/api/Authenticate/ValidLogin', {
    data: { username: client.username, password: client.password, LatLong: '19.07,72.87' },
  });
  const body = (await response.json()) as { Status: boolean; data: { Token: string; uid: number } };
  expect(body.Status).toBe(true);
  return body.data;
}

/**
 * The settlement's worked figures: back 1000 at 1.90 and lay 500 at 2.10 on Lions — Lions +350,
 * Tigers −500. Another match names its `home` runner; `sides` picks only some of the two bets.
 */
async function backAndLay(
  request: APIRequestContext,
  token: string,
  fixture: Fixture,
  home = 'Lions',
  sides: readonly ('Back' | 'Lay')[] = ['Back', 'Lay'],
) {
  const draft = {
    sportsId: 4,
    SelectionName: home,
    SelectionID: String(fixture.lions),
    Price: 0,
    OldPrice: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: fixture.marketId,
    EventId: fixture.eventId,
    BetStatus: 'Pending',
    ReturnBalance: 0,
    UserId: 0,
  };
  for (const bet of [
    { BetType: 'Back', Odds: 1.9, Stack: 1000, OldStack: 1000, Exposure: 1000 },
    { BetType: 'Lay', Odds: 2.1, Stack: 500, OldStack: 500, Exposure: 550 },
  ].filter((bet) => sides.some((side) => side === bet.BetType))) {
    const response = await request.post('/api/UserBetModels/PostUserBetModel', {
      data: { ...draft, ...bet },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
  }
}

const rows = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: label }).getByRole('row');

/** docs/decisions.md#silent-rules: every date on screen is `D MMM YYYY hh:mm A`. */
const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d (AM|PM)$/;

/** A bet row's cells (Placed … Status) after Lions won: the lay lost 550, the back won 900. */
const LAY_LOST = [
  DATE,
  'Match Odds',
  'Lions v Tigers',
  'Lions',
  'Lay',
  '2.1',
  '500',
  '550.00',
  '-550.00',
  'Lost',
];
const BACK_WON = [
  DATE,
  'Match Odds',
  'Lions v Tigers',
  'Lions',
  'Back',
  '1.9',
  '1,000',
  '1,000.00',
  '900.00',
  'Settled',
];

/**
 * Opens a report from the sidebar, as a reader does: in-app navigation, so the app's files are
 * not fetched again (the server's rate limit counts every request of the whole run).
 */
async function openReport(
  page: Page,
  name: 'Account Statement' | 'Profit & Loss' | 'Bet History' | 'My Market',
) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (name !== 'My Market') {
    const group = nav.getByRole('button', { name: 'Report' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  await nav.getByRole('link', { name, exact: true }).click();
}

const money = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(rupees);

test('a declared result reads the same in the statement, P/L, show bet, betting and bet history', async ({
  page,
  client,
  request,
}) => {
  const fixture = await lionsVTigers(request);
  const login = await apiLogin(request, client);
  await backAndLay(request, login.Token, fixture);
  await ops(request, 'declare-result', {
    marketId: fixture.marketId,
    winnerSelectionId: fixture.lions,
  });
  await logIn(page, client);

  // The statement: the opening credit, then +350 with the running balance and its remark.
  await openReport(page, 'Account Statement');
  await expect(page.getByRole('heading', { name: 'Account Statement' })).toBeVisible();
  const result = rows(page, 'Account statement').filter({ hasText: 'Match Odds: Lions won' });
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('cell').nth(1)).toHaveText('Lions v Tigers - Match Odds');
  await expect(result.getByRole('cell').nth(2)).toHaveText('350.00');
  await expect(result.getByRole('cell').nth(3)).toHaveText(money(CREDIT + 350));
  await expect(result.getByRole('cell').nth(0)).toHaveText(DATE);
  await expect(page.getByTestId('open-balance')).toHaveText('0.00');
  await expect(page.getByTestId('close-balance')).toHaveText(money(CREDIT + 350));
  await expectAccessible(page, 'the account statement');

  // Settlement only: the credit row leaves, the balance runs over settlements alone.
  await page.getByLabel('Type').selectOption('Settlement');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/type=Settlement/);
  await expect(rows(page, 'Account statement')).toHaveCount(2);
  await expect(result.getByRole('cell').nth(3)).toHaveText('350.00');

  // Profit and loss: the event's +350; its row opens the per-market results.
  await openReport(page, 'Profit & Loss');
  const event = rows(page, 'Profit and loss').filter({ hasText: 'Lions v Tigers' });
  await expect(event.getByRole('cell').nth(2)).toHaveText('350.00');
  await expectAccessible(page, 'the profit and loss report');
  await event.getByRole('link', { name: 'Lions v Tigers' }).click();
  await expect(page).toHaveURL(new RegExp(`/showmatchbet/${fixture.eventId}$`));
  const market = rows(page, 'Results by market').filter({ hasText: 'Match Odds' });
  await expect(market.getByRole('cell').nth(2)).toHaveText('350.00');
  await expectAccessible(page, 'the results by market');

  // The market's bets, and the same page from its URL alone.
  await market.getByRole('link', { name: 'Match Odds' }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/betting_history/1\\.${fixture.eventId}/${login.uid}\\?eventid=${fixture.eventId}&marketType=MATCH_ODDS$`,
    ),
  );
  const bets = rows(page, 'Bets');
  const expectBets = async () => {
    await expect(bets).toHaveCount(3);
    await expect(bets.nth(1).getByRole('cell')).toHaveText(LAY_LOST);
    await expect(bets.nth(2).getByRole('cell')).toHaveText(BACK_WON);
  };
  await expectBets();
  await page.reload();
  await expectAccessible(page, "a market's bets");
  await expectBets();

  // Back to the show-bet page, then Back to the listing.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/showmatchbet/${fixture.eventId}$`));
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/profit-loss$/);

  // Bet history, Settled: both bets, Lost and Settled, with their figures.
  await openReport(page, 'Bet History');
  await page.getByLabel('Status').selectOption('Settled');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/betStatus=Settled/);
  const history = rows(page, 'Bet history');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1).getByRole('cell')).toHaveText(LAY_LOST);
  await expect(history.nth(2).getByRole('cell')).toHaveText(BACK_WON);
});

test('a voided market shows its bets Settled as Void with the reason, and the market at zero on the show-bet page', async ({
  page,
  client,
  request,
}) => {
  const fixture = await lionsVTigers(request);
  const login = await apiLogin(request, client);
  await backAndLay(request, login.Token, fixture);
  await ops(request, 'void-market', { target: fixture.marketId, reason: 'Abandoned' });
  await logIn(page, client);

  await openReport(page, 'Bet History');
  await page.getByLabel('Status').selectOption('Settled');
  await page.getByRole('button', { name: 'Submit' }).click();
  const history = rows(page, 'Bet history');
  await expect(history).toHaveCount(3);
  for (const row of [history.nth(1), history.nth(2)]) {
    await expect(row.getByRole('cell').nth(8)).toHaveText('Void: Abandoned');
    await expect(row.getByRole('cell').nth(9)).toHaveText('Settled');
  }

  // Stakes come back: no money moved, so the statement shows only the opening credit.
  await openReport(page, 'Account Statement');
  await expect(page.getByTestId('close-balance')).toHaveText(money(CREDIT));
  await expect(rows(page, 'Account statement')).toHaveCount(2);

  await page.goto(`/showmatchbet/${fixture.eventId}`);
  const market = rows(page, 'Results by market').filter({ hasText: 'Match Odds' });
  await expect(market.getByRole('cell').nth(2)).toHaveText('0.00');
});

test("a client with no bets reads 'No data available' on every report", async ({
  page,
  client,
}) => {
  await logIn(page, client);
  for (const [name, label] of [
    ['Profit & Loss', 'Profit and loss'],
    ['Bet History', 'Bet history'],
    ['My Market', 'My markets'],
  ] as const) {
    await openReport(page, name);
    await expect(page.getByRole('region', { name: label })).toContainText('No data available');
  }
  // The statement still shows the opening credit; a range before it is empty.
  await openReport(page, 'Account Statement');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('region', { name: 'Account statement' })).toContainText(
    'No data available',
  );
  await expect(page.getByTestId('close-balance')).toHaveText('0.00');
});

test('open bets show in My Market with each side’s position, and as Active in the bet history', async ({
  page,
  client,
  request,
}) => {
  // One session per client: bets go through the API before the browser logs in.
  const fixture = await lionsVTigers(request);
  const login = await apiLogin(request, client);
  await backAndLay(request, login.Token, fixture);
  await logIn(page, client);

  await openReport(page, 'My Market');
  const market = rows(page, 'My markets').filter({ hasText: String(fixture.eventId) });
  await expect(market.getByRole('cell')).toHaveText([
    String(fixture.eventId),
    'Lions v Tigers',
    'Cricket',
    'Match Odds',
    'Lions350.00',
    'Tigers-500.00',
    '–',
  ]);
  await openReport(page, 'Bet History');
  await page.getByLabel('Status').selectOption('Active');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/betStatus=Pending/);
  await expect(rows(page, 'Bet history').getByRole('cell', { name: 'Active' })).toHaveCount(2);
});

/**
 * Bet history of today with an open, a won and a voided market (docs/product.md#entities): only finished bets show a
 * result — the winning back in green; the open bet reads as a potential win in the plain colour,
 * never as a profit; the voided bet reads Void with the declaration's reason. Takes
 * bethistory-<width>.png, which `SHOTS=journeys node scripts/screenshots.mjs` keeps in
 * docs/screenshots.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('bet history gives a result only to finished bets: active, won and void', async ({
      page,
      client,
      request,
    }) => {
      const login = await apiLogin(request, client);
      const won = await lionsVTigers(request);
      await backAndLay(request, login.Token, won, 'Lions', ['Back']);
      await ops(request, 'declare-result', {
        marketId: won.marketId,
        winnerSelectionId: won.lions,
      });
      const voided = await cricketMatch(request, 'Eagles', 'Falcons');
      await backAndLay(request, login.Token, voided, 'Eagles', ['Back']);
      await ops(request, 'void-market', { target: voided.marketId, reason: 'Abandoned' });
      const open = await cricketMatch(request, 'Royals', 'Titans');
      await backAndLay(request, login.Token, open, 'Royals', ['Back']);
      await logIn(page, client);

      await page.goto('/bethistory');
      const history = rows(page, 'Bet history');
      // Today only, every status: three bets, newest (the open one) first.
      await expect(history).toHaveCount(4);
      // Cells by their column (a phone's cards prefix each cell's name with its label).
      const cell = (label: string) => page.locator(`[data-label="${label}"]`);
      const result = (match: string, type: 'Back' | 'Lay') =>
        history
          .filter({ hasText: match })
          .filter({ has: cell('Type').filter({ hasText: new RegExp(`^${type}$`) }) })
          .locator(cell('Profit/Loss'));

      // Active: what the bet would win, labelled so, never in the profit colour.
      await expect(result('Royals v Titans', 'Back')).toHaveText('Potential win 900.00');
      await expect(
        history.filter({ hasText: 'Royals v Titans' }).locator('[data-tone]'),
      ).toHaveCount(0);
      await expect(
        history.filter({ hasText: 'Royals v Titans' }).locator(cell('Status')),
      ).toHaveText(['Active']);

      // Settled: the winning back's profit, in green (a lost bet's red: the first journey).
      const profit = result('Lions v Tigers', 'Back').locator('[data-tone]');
      await expect(profit).toHaveText('900.00');
      await expect(profit).toHaveAttribute('data-tone', 'profit');
      await expect(profit).toHaveCSS('color', 'rgb(27, 127, 59)');

      // Void: no result, the declaration's reason.
      await expect(result('Eagles v Falcons', 'Back')).toHaveText('Void: Abandoned');
      await expect(
        history.filter({ hasText: 'Eagles v Falcons' }).locator('[data-tone]'),
      ).toHaveCount(0);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // On a phone the cards start below the filters: bring the last one above the tab bar, so
      // the won and void cards show whole and the open one's Profit/Loss above them.
      if (width === 375) {
        await history.last().evaluate((row) => {
          row.scrollIntoView({ block: 'end' });
          window.scrollBy(0, 64);
        });
      }
      await page.screenshot({ path: test.info().outputPath(`bethistory-${width}.png`) });
    });
  });
}

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, logIn, ops, test, PHONE } from './fixtures';
import { expectAccessible } from './support/axe';

/** docs/product.md#constants: list rates are polled every 5 s; one poll plus the answer's way back. */
const ONE_POLL = { timeout: 7_000 };

interface Fixture {
  readonly eventId: number;
  readonly marketId: string;
  readonly name: string;
  readonly seriesName: string;
}

/** A scripted event made through the operator API; names are unique to this test. */
async function fixtureEvent(
  request: APIRequestContext,
  {
    sportId = 4,
    inPlay = true,
    runners,
  }: { sportId?: 4 | 1 | 2; inPlay?: boolean; runners?: string[] } = {},
): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const sides = runners ?? [`Lions ${tag}`, `Tigers ${tag}`];
  const name = `${sides[0]} v ${sides[1]}`;
  const seriesName = `E2E Series ${tag}`;
  const { eventId, marketIds } = await ops<{ eventId: number; marketIds: string[] }>(
    request,
    'fixture-event',
    { sportId, seriesName, name, runners: sides, inPlay },
  );
  expect(marketIds).toContain(`1.${eventId}`);
  return { eventId, marketId: `1.${eventId}`, name, seriesName };
}

/** One price step: runner n (1-based, runner order) gets back `prices[n-1][0]`, lay `[1]`. */
async function stepPrices(
  request: APIRequestContext,
  fixture: Fixture,
  prices: ReadonlyArray<readonly [number, number]>,
  status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE',
) {
  await ops(request, 'fixture-step', {
    eventId: fixture.eventId,
    step: {
      kind: 'prices',
      marketId: fixture.marketId,
      status,
      runners: prices.map(([back, lay], index) => ({
        // Selection ids are EventId * 100 + 1, + 2, + 3 in runner order (scripted feed).
        selectionId: fixture.eventId * 100 + index + 1,
        back: [{ price: back, size: 1000 }],
        lay: [{ price: lay, size: 800 }],
      })),
    },
  });
}

const row = (page: Page, fixture: Fixture): Locator =>
  page.getByTestId('market-row').filter({ has: page.getByRole('link', { name: fixture.name }) });

test('the in-play tabs list the in-play fixtures of their sport, and not the others', async ({
  page,
  client,
  request,
}) => {
  const cricket = await fixtureEvent(request);
  const later = await fixtureEvent(request, { inPlay: false });
  const soccerTag = randomBytes(3).toString('hex');
  const soccer = await fixtureEvent(request, {
    sportId: 1,
    runners: [`Rovers ${soccerTag}`, `United ${soccerTag}`, 'The Draw'],
  });
  await stepPrices(request, soccer, [
    [2.1, 2.12],
    [3.6, 4.2],
    [3.3, 4],
  ]);
  await logIn(page, client);

  await page.goto('/inplay');
  await expect(page.getByRole('tab', { name: 'Cricket' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, cricket)).toBeVisible();
  await expect(row(page, cricket).getByText('In-play')).toBeVisible();
  await expect(row(page, cricket).getByText(cricket.seriesName)).toBeVisible();
  await expectAccessible(page, 'the in-play list');
  await expect(row(page, later)).toHaveCount(0);
  await expect(row(page, soccer)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Soccer' }).click();
  await expect(row(page, soccer)).toBeVisible();
  await expect(row(page, cricket)).toHaveCount(0);
  // Soccer's columns read 1, X, 2: home, then the draw, then away.
  await expect(
    row(page, soccer).locator('[data-side="back"] [data-testid="odds-price"]'),
  ).toHaveText([/^2\.1/, /^3\.3/, /^3\.6/]);

  // The sidebar's In-play entry counts every in-play market.
  const count = page.getByRole('navigation', { name: 'Main' }).getByLabel(/in play$/);
  await expect(count).toHaveText(/^\d+$/);
  expect(Number(await count.textContent())).toBeGreaterThanOrEqual(2);
});

test('a price stepped by the test shows on /match/4 within one poll', async ({
  page,
  client,
  request,
}) => {
  const fixture = await fixtureEvent(request);
  await stepPrices(request, fixture, [
    [1.9, 1.92],
    [2.06, 2.1],
  ]);
  await logIn(page, client);
  await page.goto('/match/4');
  await expect(page.getByRole('heading', { name: 'Cricket' })).toBeVisible();
  const cells = row(page, fixture);
  await expect(cells.getByLabel('Back 1.9', { exact: true })).toBeVisible();
  await expect(cells.getByLabel('Lay 2.1', { exact: true })).toBeVisible();

  await stepPrices(request, fixture, [
    [1.95, 1.97],
    [2.02, 2.04],
  ]);
  await expect(cells.getByLabel('Back 1.95', { exact: true })).toBeVisible(ONE_POLL);
  await expect(cells.getByLabel('Lay 2.04', { exact: true })).toBeVisible();

  await ops(request, 'fixture-step', {
    eventId: fixture.eventId,
    step: { kind: 'suspend', marketId: fixture.marketId },
  });
  await expect(cells.getByText('SUSPENDED', { exact: true }).first()).toBeVisible(ONE_POLL);
});

test('a market opens its event route with its names, and that route works on a cold load', async ({
  page,
  client,
  request,
}) => {
  const fixture = await fixtureEvent(request);
  await ops(request, 'fixture-step', {
    eventId: fixture.eventId,
    step: {
      kind: 'ball',
      innings: [{ team: fixture.name.split(' v ')[0], runs: 14, wickets: 1, overs: '2.3' }],
      ball: '4',
      commentary: 'Short and wide, cut away for four.',
    },
  });
  await logIn(page, client);
  await page.goto('/match/4');
  await row(page, fixture).getByRole('link', { name: fixture.name }).click();
  await expect(page).toHaveURL(new RegExp(`/market/4/${fixture.eventId}$`));
  await expect(page.getByRole('heading', { name: fixture.name })).toBeVisible();
  await expect(page.getByText(fixture.seriesName)).toBeVisible();
  const score = page.getByRole('region', { name: 'Score' });
  await expect(score).toContainText('14/1');
  await expect(score).toContainText('cut away for four');

  // A cold load: no router state, the route renders from its URL alone.
  const cold = await page.context().newPage();
  await cold.goto(`/market/4/${fixture.eventId}`);
  await expect(cold.getByRole('heading', { name: fixture.name })).toBeVisible();
  await expect(cold.getByRole('region', { name: 'Score' })).toContainText('14/1');
});

test('the sidebar expands a sport into series, then markets linking to the event route', async ({
  page,
  client,
  request,
}) => {
  const fixture = await fixtureEvent(request, { sportId: 2, inPlay: false });
  await logIn(page, client);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('button', { name: 'Tennis' }).click();
  await sidebar.getByRole('button', { name: fixture.seriesName }).click();
  const link = sidebar.getByRole('link', { name: fixture.name });
  await expect(link).toHaveAttribute('href', `/market/2/${fixture.eventId}`);
  await link.click();
  await expect(page.getByRole('heading', { name: fixture.name })).toBeVisible();
});

test('/news shows the Date and News table, latest first', async ({ page, client, request }) => {
  const message = `E2E news ${randomBytes(3).toString('hex')}`;
  await ops(request, 'news', { message });
  await logIn(page, client);
  await page.goto('/news');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, 'the news page');
  await expect(page.getByRole('columnheader')).toHaveText(['Date', 'News']);
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('cell').last()).toHaveText(message);
  await expect(first.getByRole('cell').first()).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d (AM|PM)$/,
  );
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('the lists fit without horizontal scrolling, with 40 px tap targets and back blue, lay pink', async ({
    page,
    client,
    request,
  }) => {
    const fixture = await fixtureEvent(request);
    const tag = randomBytes(3).toString('hex');
    const soccer = await fixtureEvent(request, {
      sportId: 1,
      runners: [`Athletic ${tag}`, `Wanderers ${tag}`, 'The Draw'],
    });
    await stepPrices(request, fixture, [
      [1.9, 1.92],
      [2.06, 2.1],
    ]);
    await stepPrices(request, soccer, [
      [2.1, 2.12],
      [3.6, 4.2],
      [3.3, 4],
    ]);
    await logIn(page, client);

    for (const path of ['/inplay', '/match/4', '/match/1', '/news']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path !== '/news') await expect(page.getByTestId('market-row').first()).toBeVisible();
      else await expect(page.getByRole('table')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }

    await page.goto('/match/4');
    const cells = row(page, fixture);
    const back = cells.getByLabel('Back 1.9', { exact: true });
    const lay = cells.getByLabel('Lay 1.92', { exact: true });
    await expect(back).toHaveCSS('background-color', 'rgb(167, 216, 253)');
    await expect(lay).toHaveCSS('background-color', 'rgb(249, 201, 212)');
    expect((await back.boundingBox())?.height).toBeGreaterThanOrEqual(40);
    expect((await cells.boundingBox())?.height).toBeGreaterThanOrEqual(40);

    await page.goto('/inplay');
    for (const tab of await page.getByRole('tab').all()) {
      expect((await tab.boundingBox())?.height).toBeGreaterThanOrEqual(40);
    }
    await page.getByRole('tab', { name: 'Soccer' }).click();
    await expect(row(page, soccer)).toBeVisible();
    await row(page, soccer).getByRole('link', { name: soccer.name }).click();
    await expect(page).toHaveURL(new RegExp(`/market/1/${soccer.eventId}$`));
  });
});

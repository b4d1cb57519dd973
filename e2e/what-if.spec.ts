import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiBet, atWidth, expect, logIn, ops, sessionOf, test } from './fixtures';

/**
 * What-if: while the client types a stake, each runner of the chosen market shows what its book
 * would become, and a fancy session its new worst case, by the server's own rules
 * (docs/architecture.md, "Money": books and ladders exist once, in packages/domain).
 */

interface Fixture {
  readonly eventId: number;
  readonly home: string;
  readonly away: string;
  readonly fancy: string;
}

const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

/** A scripted cricket event: match odds (home 1.9/1.92, away 2.06/2.1) and one fancy row. */
async function cricketFixture(request: APIRequestContext): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Lions ${tag}`;
  const away = `Tigers ${tag}`;
  const fancy = `6 over runs ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `What-if Cup ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    fancy: [fancy],
    inPlay: true,
  });
  // Selection ids are EventId * 100 + 1, + 2 in runner order (scripted feed).
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [
      {
        selectionId: eventId * 100 + 1,
        back: [{ price: 1.9, size: 1000 }],
        lay: [{ price: 1.92, size: 800 }],
      },
      {
        selectionId: eventId * 100 + 2,
        back: [{ price: 2.06, size: 1000 }],
        lay: [{ price: 2.1, size: 800 }],
      },
    ],
  });
  await step(request, eventId, {
    kind: 'fancy',
    rows: [{ selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
  });
  return { eventId, home, away, fancy };
}

const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const stakeOf = (page: Page) => slipOf(page).getByLabel('STAKE', { exact: true });
const matchOdds = (page: Page) => page.getByRole('region', { name: 'Match Odds' });
const matchRow = (page: Page, name: string): Locator =>
  matchOdds(page).getByTestId('runner-row').filter({ hasText: name });
const fancyRow = (page: Page, name: string): Locator =>
  page.getByTestId('fancy-row').filter({ hasText: name });

/** Each runner's book now and after the typed bet, home then away. */
async function expectBooks(page: Page, f: Fixture, home: string, away: string) {
  await expect(matchRow(page, f.home).getByTestId('what-if')).toHaveText(home);
  await expect(matchRow(page, f.away).getByTestId('what-if')).toHaveText(away);
}

/** The figure is on screen and nothing covers it (on a phone the slip covers the lower screen). */
async function expectUncovered(figure: Locator) {
  await expect(figure).toBeInViewport();
  const onTop = await figure.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
}

/** No runner row is wider than its table, and the page has no sideways scroll. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const rows = [...document.querySelectorAll('[data-testid$="-row"]')].map((row) => {
      const box = row.getBoundingClientRect();
      const inside = [...row.querySelectorAll('*')].map((element) =>
        Math.ceil(element.getBoundingClientRect().right - box.right),
      );
      return Math.max(row.scrollWidth - row.clientWidth, ...inside);
    });
    return { page: sideways, rows: Math.max(...rows) };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.rows).toBeLessThanOrEqual(0);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('the book on every runner and the fancy worst case follow the stake as it is typed', async ({
      page,
      client,
      request,
    }) => {
      const f = await cricketFixture(request);
      await logIn(page, client);
      // One match odds bet and one fancy bet make a book: home +900 / away −1,000, and −100 on
      // the session (its No at 50 loses ₹100 from 50 runs).
      const session = await sessionOf(page);
      const draft = {
        sportsId: 4,
        EventId: f.eventId,
        BetStatus: 'Pending',
        UserId: session.uid,
      };
      await apiBet(request, session, {
        ...draft,
        SelectionName: f.home,
        SelectionID: String(f.eventId * 100 + 1),
        Odds: 1.9,
        Price: 0,
        MarketType: 'MATCH_ODDS',
        MarketId: `1.${f.eventId}`,
        BetType: 'Back',
        Stack: 1000,
      });
      await apiBet(request, session, {
        ...draft,
        SelectionName: f.fancy,
        SelectionID: `${f.eventId}-1`,
        Odds: 50,
        Price: 90,
        MarketType: 'FANCY',
        MarketId: String(f.eventId),
        BetType: 'No',
        Stack: 100,
      });

      await page.goto(`/market/4/${f.eventId}`);
      const home = matchRow(page, f.home);
      await expect(home.getByRole('button', { name: `Book of ${f.home}: 900.00` })).toBeVisible();
      await expect(
        matchRow(page, f.away).getByRole('button', { name: `Book of ${f.away}: -1,000.00` }),
      ).toBeVisible();
      const fancy = fancyRow(page, f.fancy);
      await expect(
        fancy.getByRole('button', { name: `Position of ${f.fancy}: -100.00` }),
      ).toBeVisible();
      await expect(page.getByTestId('what-if')).toHaveCount(0);

      // Lay home at 1.92: each keystroke moves both runners.
      await home.getByRole('button', { name: 'Lay 1.92', exact: true }).click();
      await expect(slipOf(page).getByTestId('slip-side')).toHaveText('Lay');
      await stakeOf(page).pressSequentially('2');
      // ₹2: liability 0.92 × 2 = ₹1.84, rounded to ₹2; ₹2 won if away wins.
      await expectBooks(page, f, '» 898.00', '» -998.00');
      await stakeOf(page).pressSequentially('5');
      // ₹25: liability ₹23.
      await expectBooks(page, f, '» 877.00', '» -975.00');
      await stakeOf(page).fill('2500');
      // ₹2,500: liability ₹2,300.
      await expectBooks(page, f, '» -1,400.00', '» 1,500.00');
      await expect(matchRow(page, f.home).getByTestId('what-if')).toHaveAttribute(
        'data-tone',
        'negative',
      );
      await expect(matchRow(page, f.away).getByTestId('what-if')).toHaveAttribute(
        'data-tone',
        'positive',
      );
      await expect(slipOf(page).getByTestId('slip-profit')).toHaveText('2,500.00');
      // The other tables and the fancy row stay as they are.
      await expect(page.getByTestId('what-if')).toHaveCount(2);
      await expectUncovered(matchRow(page, f.home).getByTestId('what-if'));
      await expectUncovered(matchRow(page, f.away).getByTestId('what-if'));
      await expectNoOverflow(page);
      await page.screenshot({ path: test.info().outputPath(`what-if-${width}.png`) });

      // A chip adds to the stake: ₹3,000, liability ₹2,760.
      await slipOf(page).getByRole('button', { name: 'Add 500' }).click();
      await expectBooks(page, f, '» -1,860.00', '» 2,000.00');
      // No stake, no figure.
      await stakeOf(page).fill('');
      await expect(page.getByTestId('what-if')).toHaveCount(0);

      // Yes at 50 (rate 110) against the open No at 50 (rate 90): below 50 the No wins ₹90,
      // from 50 it loses ₹100.
      await fancy.getByRole('button', { name: 'Yes 50' }).click();
      await expect(slipOf(page).getByTestId('slip-odds')).toHaveText('50 (110)');
      await stakeOf(page).fill('100');
      // ₹100 Yes: below 50 −₹110 + ₹90 = −₹20, from 50 +₹100 − ₹100 = 0.
      await expect(fancy.getByTestId('what-if')).toHaveText('» -20.00');
      await stakeOf(page).fill('300');
      // ₹300 Yes risks ₹330: below 50 −₹330 + ₹90 = −₹240, from 50 +₹300 − ₹100 = +₹200.
      await expect(fancy.getByTestId('what-if')).toHaveText('» -240.00');
      await expect(fancy.getByTestId('what-if')).toHaveAttribute('data-tone', 'negative');
      await expect(page.getByTestId('what-if')).toHaveCount(1);
      await expectUncovered(fancy.getByTestId('what-if'));
      await expectNoOverflow(page);

      // Closing the slip takes the figures away.
      await slipOf(page).getByRole('button', { name: 'Cancel Order' }).click();
      await expect(page.getByTestId('what-if')).toHaveCount(0);
    });
  });
}

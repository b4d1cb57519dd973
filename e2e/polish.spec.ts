import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiBet, expect, logIn, ops, sessionOf, test } from './fixtures';
import { openMatkaBoard } from './support/matka';

/** List rates are polled every 5 s; one poll plus the answer's way back. */
const ONE_POLL = { timeout: 7_000 };

const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

const viewport = (width: number) => ({ width, height: width > 768 ? 800 : 812 });

interface Fixture {
  readonly eventId: number;
  readonly name: string;
  readonly fancy: string;
}

/** A scripted cricket match in play, with one fancy session, priced by the test. */
async function cricketFixture(request: APIRequestContext): Promise<Fixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Hawks ${tag}`;
  const away = `Owls ${tag}`;
  const fancy = `6 over runs ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Polish Cup ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    fancy: [fancy],
    inPlay: true,
  });
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [
        // Selection ids are EventId * 100 + 1, + 2 in runner order (scripted feed).
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
    },
  });
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'fancy',
      rows: [{ selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
    },
  });
  return { eventId, name: `${home} v ${away}`, fancy };
}

const listRow = (page: Page, fixture: Fixture): Locator =>
  page.getByTestId('market-row').filter({ has: page.getByRole('link', { name: fixture.name }) });

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('a suspended row of a sport list shows one SUSPENDED band over its prices, none in its cells', async ({
      page,
      client,
      request,
    }) => {
      const fixture = await cricketFixture(request);
      await logIn(page, client);
      await page.goto('/match/4');
      const row = listRow(page, fixture);
      await expect(row.getByLabel('Back 1.9', { exact: true })).toBeVisible();
      await expect(row.getByText('SUSPENDED', { exact: true })).toHaveCount(0);

      await ops(request, 'fixture-step', {
        eventId: fixture.eventId,
        step: { kind: 'suspend', marketId: `1.${fixture.eventId}` },
      });
      const band = row.getByTestId('row-suspended');
      await expect(band).toHaveText('SUSPENDED', ONE_POLL);
      // Exactly one SUSPENDED in the row, and none inside any runner's cells beneath the band.
      await expect(row.getByText('SUSPENDED', { exact: true })).toHaveCount(1);
      const pairs = row.getByTestId('runner-odds');
      await expect(pairs).toHaveCount(2);
      for (const pair of await pairs.all()) await expect(pair).not.toContainText('SUSPENDED');
      // The band covers every price cell of the row.
      const cover = (await band.boundingBox())!;
      for (const cell of await row.locator('[data-side]').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cover.x - 0.5);
        expect(box.y).toBeGreaterThanOrEqual(cover.y - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(cover.x + cover.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(cover.y + cover.height + 0.5);
      }
      // The band is what a pointer meets over a cell: it is drawn above them.
      await band.scrollIntoViewIfNeeded();
      const covering = await row
        .locator('[data-side]')
        .first()
        .evaluate((cell) => {
          const box = cell.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top?.getAttribute('data-testid');
        });
      expect(covering).toBe('row-suspended');
    });

    test('every matka board cell is at least 44 px tall', async ({ page, client, request }) => {
      await logIn(page, client);
      await openMatkaBoard(page, request);
      const board = page.getByRole('group', { name: 'Matka board' });
      const heights = await board
        .getByRole('button')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().height));
      expect(heights).toHaveLength(100);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      // Ten cells a row, all inside the page's width (no sideways scroll).
      const widths = await board
        .getByRole('button')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
      expect(Math.max(...widths)).toBeLessThanOrEqual(width);
    });

    test.describe('with the browser in New York', () => {
      test.use({ timezoneId: 'America/New_York' });

      test("report dates default to today in the server's REPORT_TZ, not the browser's day", async ({
        page,
        client,
      }) => {
        // 20:00 on 7 March in New York is 06:30 on 8 March in Kolkata (the server's REPORT_TZ).
        await page.clock.setFixedTime(new Date('2026-03-07T20:00:00-05:00'));
        await logIn(page, client);
        expect(
          await page.evaluate(() => [
            Intl.DateTimeFormat().resolvedOptions().timeZone,
            new Date().getDate(),
          ]),
        ).toEqual(['America/New_York', 7]);

        // The e2e server runs with the default REPORT_TZ, and says so in the site configuration.
        const site = await page.request.get('/api/Site/Config');
        expect(
          ((await site.json()) as { Result: { reportTimeZone: string } }).Result,
        ).toMatchObject({
          reportTimeZone: 'Asia/Kolkata',
        });

        const statement = page.waitForRequest((sent) =>
          sent.url().includes('/GetAccountStatement?'),
        );
        await page.goto('/ac_statement');
        const asked = new URL((await statement).url()).searchParams;
        expect([asked.get('startDate'), asked.get('endDate')]).toEqual([
          '2026-03-02',
          '2026-03-08',
        ]);
        await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-03-02');
        await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-03-08');

        // Bet history: today only.
        await page.goto('/bethistory');
        await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-03-08');
        await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-03-08');

        await page.goto('/profit-loss');
        await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-03-02');
        await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-03-08');
      });
    });

    test('My Market lists a fancy session after a fancy bet, with its worst result', async ({
      page,
      client,
      request,
    }) => {
      const fixture = await cricketFixture(request);
      await logIn(page, client);
      // No 50 at rate 90 for ₹100: wins ₹90 below 50, loses ₹100 from 50 → worst -100.
      await apiBet(request, await sessionOf(page), {
        sportsId: 4,
        SelectionName: fixture.fancy,
        SelectionID: `${fixture.eventId}-1`,
        Odds: 50,
        Price: 90,
        OldPrice: 0,
        MarketType: 'FANCY',
        MarketId: String(fixture.eventId),
        EventId: fixture.eventId,
        BetType: 'No',
        BetStatus: 'Pending',
        Stack: 100,
        OldStack: 100,
        Exposure: 100,
        ReturnBalance: 0,
        UserId: 0,
      });
      await page.goto('/mymarket');
      const table = page.getByRole('region', { name: 'My markets' });
      const row = table.getByRole('row').filter({ hasText: fixture.name });
      await expect(row).toHaveCount(1);
      const cells = row.getByRole('cell');
      await expect(cells).toHaveText([
        String(fixture.eventId),
        fixture.name,
        'Cricket',
        'Fancy',
        `${fixture.fancy}${money(-100)}`,
        '–',
        '–',
      ]);
      await expect(row.getByText(money(-100))).toHaveAttribute('data-tone', 'loss');
    });
  });
}

import type { Page } from '@playwright/test';
import { atWidth, expect, logIn, ops, sessionOf, test } from './fixtures';
import { expectAccessible } from './support/axe';
import {
  exposureOf as exposure,
  laterJourneyGame,
  matkaBoardPath as boardPath,
  openMatkaBoard as openBoard,
} from './support/matka';

/**
 * The live matka board (matka-live): the preview of a paste and a crossing as the player types,
 * matching the confirm dialog and the server's accepted total; the heat map of the player's own
 * stakes; the countdown locking the board at close (on Playwright's clock); a result declared by
 * an operator arriving on an open board and the results list without a reload (the hub's
 * MatkaChanged).
 *
 * Each journey plays games of its own (support/matka.ts): the result is declared on games that
 * open two hours from now, so no window starts during the journey.
 */

/** <name>-<width>.png in the test's own output dir (`SHOTS=journeys` copies it to docs). */
const shot = (name: string, width: number) => test.info().outputPath(`${name}-${width}.png`);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const cell = (page: Page, name: string | RegExp) =>
  page
    .getByRole('group', { name: 'Matka board' })
    .getByRole('button', { name, exact: typeof name === 'string' });

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('a paste and a crossing: the preview is what the confirm dialog lists and the server takes; then the heat map', async ({
      page,
      client,
      request,
    }) => {
      await logIn(page, client);
      const { session } = await openBoard(page, request);
      const before = await exposure(request, session);

      // A paste with a number typed twice and one out of range.
      const paste = page.getByRole('form', { name: 'Paste' });
      await paste.getByLabel('Numbers@Amount').fill('45-46-45-150@100');
      const pastePreview = page.getByRole('region', { name: 'Paste preview' });
      const pasteLine = '3 bets · ₹300.00 · pays up to ₹18,000.00 if one hits';
      await expect(pastePreview.getByTestId('matka-preview-summary')).toHaveText(pasteLine);
      await expect(pastePreview).toContainText('Dropped, above 99: 150');
      await expectAccessible(page, `the matka paste preview at ${width} px`);
      await expect(pastePreview).toContainText(
        'Typed more than once, each kept as its own bet: 45 ×2',
      );
      await pastePreview.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: shot('matka-preview', width) });
      await paste.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByTestId('matka-confirm-summary')).toHaveText(pasteLine);
      await expect(page.getByRole('table', { name: 'Bets to place' }).getByRole('row')).toHaveCount(
        5,
      ); // header, three bets, total
      await expect(page.getByTestId('matka-total')).toHaveText('300.00');
      await expectAccessible(page, `the matka confirm dialog at ${width} px`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();
      await expect.poll(() => exposure(request, session)).toBe(before + 300);

      // A crossing: A {1} × B {2, 3} at 20.
      const crossing = page.getByRole('form', { name: 'Crossing' });
      await crossing.getByRole('button', { name: 'Row A 1', exact: true }).click();
      await crossing.getByRole('button', { name: 'Row B 2', exact: true }).click();
      await crossing.getByRole('button', { name: 'Row B 3', exact: true }).click();
      await crossing.getByLabel('Amount').fill('20');
      const crossingLine = '2 bets · ₹40.00 · pays ₹1,800.00 if one hits';
      await expect(
        page.getByRole('region', { name: 'Crossing preview' }).getByTestId('matka-preview-summary'),
      ).toHaveText(crossingLine);
      await expectAccessible(page, `the matka crossing preview at ${width} px`);
      await crossing.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByTestId('matka-confirm-summary')).toHaveText(crossingLine);
      await expect(page.getByTestId('matka-total')).toHaveText('40.00');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => exposure(request, session)).toBe(before + 340);

      // The heat map: 45 carries 200 (heavy), 46 100 (heavy: half the largest), 12 and 13 20.
      await expect(page.getByTestId('matka-exposure')).toHaveText(
        'Your exposure on this game: ₹340.00',
      );
      await expect(cell(page, '45, your stake ₹200.00, heavy')).toHaveAttribute(
        'data-heat',
        'heavy',
      );
      await expect(cell(page, '46, your stake ₹100.00, heavy')).toHaveAttribute(
        'data-heat',
        'heavy',
      );
      await expect(cell(page, '12, your stake ₹20.00, some')).toHaveAttribute('data-heat', 'some');
      await expect(cell(page, '77')).toHaveAttribute('data-heat', 'none');
      // The top of the screen: the title, the countdown, the exposure and the board.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shot('matka-heat', width) });

      // A tap on 45 shows the player's bets on it.
      await cell(page, /^45, your stake/).click();
      const yours = page.getByRole('region', { name: 'Your bets on 45' });
      await expect(yours).toBeVisible();
      await expect(yours.getByTestId('matka-your-total')).toHaveText('Total ₹200.00');
    });

    test('the countdown locks the board at the close, on the clock, without a reload', async ({
      page,
      client,
      request,
    }) => {
      await page.clock.install();
      await logIn(page, client);
      const { game } = await openBoard(page, request);
      const countdown = page.getByTestId('matka-countdown');
      await expect(countdown).toHaveText(/^Closes in (\d+:\d\d|\d{1,2}):\d\d$/);
      await expect(cell(page, /^45/)).toBeEnabled();
      const left = Date.parse(game.EndTime) - (await page.evaluate(() => Date.now()));
      await page.clock.fastForward(Math.max(0, left - 5_000));
      await expect(countdown).toHaveText(/^Closes in 0:0\d$/);
      await page.clock.fastForward(6_000);
      await expect(page.getByTestId('matka-closed')).toHaveText('Closed for betting');
      await expect(cell(page, /^45/)).toBeDisabled();
      await page.screenshot({ path: shot('matka-closed', width) });
    });

    test("an operator's result arrives on the board and in the results without a reload", async ({
      page,
      client,
      request,
    }) => {
      await logIn(page, client);
      const session = await sessionOf(page);
      // Two games not open yet, whose windows start two hours from now.
      const upcoming = await laterJourneyGame(request, session);
      const other = await laterJourneyGame(request, session);
      await page.goto(boardPath(upcoming));
      await expect(page.getByRole('group', { name: 'Matka board' })).toBeVisible();
      await expect(page.getByTestId('matka-result')).toHaveCount(0);
      // The push is what brings it: the board's hub connection is up before the operator acts.
      await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

      const result = width === 1280 ? '27' : '72';
      await ops(request, 'matka-result', { mid: upcoming.Mid, result });
      await expect(page.getByTestId('matka-result')).toHaveText(`Result ${result}`);
      await expect(cell(page, new RegExp(`^${result}, winning number`))).toHaveAttribute(
        'data-result',
        'win',
      );
      await page.screenshot({ path: shot('matka-board-result', width) });

      // The results list, open before the next result, shows it when it comes.
      await page.goto('/makta_bethistory');
      await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
      await expect(
        page.getByRole('row').filter({ hasText: upcoming.EventName }).filter({ hasText: result }),
      ).not.toHaveCount(0);
      await ops(request, 'matka-result', { mid: other.Mid, result: '09' });
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: other.EventName })
          .getByTestId('matka-fresh-result'),
      ).toHaveText('Result 09');
    });
  });
}

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { atWidth, expect, logIn, ops, test } from './fixtures';
import { expectAccessible } from './support/axe';

/**
 * Safer betting (docs/safer-gambling.md) as a bettor meets it: a daily loss limit set on the
 * Safer betting page, lost up to and then refused; the reality check on Playwright's clock; a
 * time-out that logs out and refuses the login.
 */

/** <name>-<width>.png in the test's own output dir (`SHOTS=journeys` copies it to docs). */
const shot = (name: string, width: number) => test.info().outputPath(`${name}-${width}.png`);

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });

interface Match {
  readonly eventId: number;
  readonly home: string;
  readonly away: string;
}

/** A cricket match before play, its home runner backing at 2. */
async function match(request: APIRequestContext): Promise<Match> {
  const tag = randomBytes(3).toString('hex');
  const [home, away] = [`Lions ${tag}`, `Tigers ${tag}`];
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Safer ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
  });
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [1, 2].map((n) => ({
        selectionId: eventId * 100 + n,
        back: [{ price: 2, size: 10_000 }],
        lay: [{ price: 2.04, size: 10_000 }],
      })),
    },
  });
  return { eventId, home, away };
}

/** Opens the slip on the home runner's back at 2 and answers the slip. */
async function openSlip(page: Page, m: Match) {
  await page.goto(`/market/4/${m.eventId}`);
  const back = page
    .getByRole('region', { name: 'Match Odds' })
    .getByTestId('runner-row')
    .filter({ hasText: m.home })
    .getByRole('button', { name: 'Back 2', exact: true });
  await expect(back).toBeEnabled();
  await back.click();
  return slipOf(page);
}

async function openSaferBetting(page: Page) {
  await page.goto('/safer-betting');
  await expect(page.getByRole('heading', { level: 1, name: 'Safer betting' })).toBeVisible();
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));

    test('a daily loss limit: set at once, shown in the slip, lost up to, then the bet refused with its reset', async ({
      page,
      client,
      request,
    }) => {
      await logIn(page, client);
      // The user menu's button keeps its name at every width (on a phone only its avatar shows).
      await expect(page.getByRole('button', { name: client.username })).toBeVisible();
      await openSaferBetting(page);
      const daily = page.getByRole('region', { name: 'Daily loss limit' });
      await daily.getByLabel('New limit (₹)').fill('1000');
      await daily.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Daily loss limit set to ₹1,000, at once.')).toBeVisible();
      await expect(daily).toContainText('Left today');
      await expect(daily).toContainText('₹1,000.00');
      await page.screenshot({ path: shot('safer-betting', width), fullPage: true });

      // What is left shows before the bettor types.
      const first = await match(request);
      let slip = await openSlip(page, first);
      await expect(slip.getByTestId('slip-own-limits')).toHaveText(
        'Loss limit ₹1,000.00 left today',
      );
      await page.screenshot({ path: shot('slip-limits', width) });
      await slip.getByLabel('STAKE', { exact: true }).fill('1000');
      await slip.getByRole('button', { name: /^Place Bet/ }).click();
      await expect(toast(page, 'Bet placed successfully')).toBeVisible();

      // The operator declares the other side: ₹1,000 lost, nothing left today.
      await ops(request, 'declare-result', {
        marketId: `1.${first.eventId}`,
        winnerSelectionId: first.eventId * 100 + 2,
      });
      const second = await match(request);
      slip = await openSlip(page, second);
      await expect(slip.getByTestId('slip-own-limits')).toHaveText('Loss limit ₹0.00 left today');
      await slip.getByLabel('STAKE', { exact: true }).fill('500');
      await slip.getByRole('button', { name: /^Place Bet/ }).click();
      await expect(
        toast(
          page,
          /^Your daily loss limit of ₹1,000\.00 leaves ₹0\.00 until \d\d [A-Z][a-z]{2} \d{4}, 00:00, and this could lose ₹500\.00\.$/,
        ),
      ).toBeVisible();
      await page.screenshot({ path: shot('safer-refused', width) });
    });

    test('the reality check comes every 30 minutes of the session, and logs out', async ({
      page,
      client,
    }) => {
      await page.clock.install();
      await logIn(page, client);
      await openSaferBetting(page);
      const section = page.getByRole('region', { name: 'Reality check' });
      await section.getByRole('radio', { name: '30 minutes' }).check();
      await expectAccessible(page, `the safer betting page at ${width} px`);
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Reality check every 30 minutes.')).toBeVisible();

      const dialog = page.getByRole('dialog', { name: 'Reality check' });
      await page.clock.fastForward('29:00');
      await expect(dialog).toHaveCount(0);
      await page.clock.fastForward('01:05');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('You have been logged in for 30 minutes.');
      await expect(dialog).toContainText('Bets placed');
      await expectAccessible(page, `the reality-check dialog at ${width} px`);
      await page.screenshot({ path: shot('reality-check', width) });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog).toHaveCount(0);

      await page.clock.fastForward('30:00');
      await expect(dialog).toContainText('You have been logged in for 1 hour.');
      await dialog.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
    });

    test('a time-out logs the client out and the login is refused until it ends', async ({
      page,
      client,
    }) => {
      await logIn(page, client);
      await openSaferBetting(page);
      const timeOut = page.getByRole('region', { name: 'Time-out' });
      await timeOut.getByRole('radio', { name: '24 hours' }).check();
      await timeOut.getByRole('button', { name: 'Take a time-out' }).click();
      const confirm = page.getByRole('dialog', { name: 'Take a time-out' });
      await expect(confirm).toContainText('You will be logged out now');
      await expectAccessible(page, `the time-out confirm dialog at ${width} px`);
      await page.screenshot({ path: shot('safer-time-out', width) });
      await confirm.getByRole('button', { name: 'Confirm time-out' }).click();

      await page.waitForURL('**/login');
      const until = /You are on a time-out until \d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./;
      await expect(page.getByText(until).first()).toBeVisible();
      await page.getByLabel('Username').fill(client.username);
      await page.getByLabel('Password', { exact: true }).fill(client.password);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(toast(page, until)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

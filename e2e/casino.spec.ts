import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, expect, logIn, sessionOf, test, type ApiSession, PHONE } from './fixtures';
import { expectAccessible } from './support/axe';

const GAMES = ['Horse Racing', '7 Up Down', 'Roulette', 'Andar Bahar', 'Lottery'];

const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

const mainBalance = async (request: APIRequestContext, session: ApiSession) =>
  (
    await apiGet<{ Result: { MainBalance: number } }>(
      request,
      session,
      '/api/AmountModels/GetMainBalance',
    )
  ).Result.MainBalance;

/** Opens a game from the lobby, as a bettor does. */
async function openGame(page: Page, name: string) {
  await page.goto('/casinolist');
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  const frame = page.locator(`iframe[title="${name} casino game"]`);
  await expect(frame).toBeVisible();
  return frame;
}

test('the lobby lists the five games in order, each opening its own frame', async ({
  page,
  client,
}) => {
  await logIn(page, client);
  await page.goto('/casinolist');
  const cards = page.getByRole('main').getByRole('link');
  await expect(cards).toHaveText(GAMES);
  await expect(cards.first()).toHaveAttribute('href', '/casino/horseracing');
  await expect(cards.last()).toHaveAttribute('href', '/casino/lottery');
  await expectAccessible(page, 'the casino lobby');
  await page.goto('/casino/blackjack');
  await expect(page.getByRole('alert')).toContainText('There is no casino game called');
  await expectAccessible(page, 'an unknown casino game');
  await page.getByRole('link', { name: 'Back to lobby' }).click();
  await expect(page).toHaveURL(/\/casinolist$/);
});

test('the frame names the company and a one-use launch token, never the bearer token, in a sandbox', async ({
  page,
  client,
}) => {
  await logIn(page, client);
  const session = await sessionOf(page);
  const frame = await openGame(page, '7 Up Down');
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.pathname).toBe('/sevenupsevendown');
  expect(src.searchParams.get('company')).toMatch(/\S/);
  expect(src.searchParams.get('token')).toMatch(/\S/);
  expect(src.href).not.toContain(session.token);
  expect(src.origin).not.toBe(new URL(page.url()).origin);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  // The provider took the token and shows the player's table.
  await expect(
    page.frameLocator('iframe[title="7 Up Down casino game"]').getByRole('heading', {
      name: '7 Up Down',
    }),
  ).toBeVisible();
  await expectAccessible(page, 'a casino game');

  // The token was for that one launch: the same URL opened again is refused.
  const again = await page.context().newPage();
  await again.goto(src.href);
  await expect(again.getByRole('heading', { name: 'This game link cannot be used' })).toBeVisible();
  await again.close();
});

test('a 7 Up Down round in the frame moves the header balance as the ledger says', async ({
  page,
  client,
  request,
}) => {
  await logIn(page, client);
  const session = await sessionOf(page);
  const before = await mainBalance(request, session);
  await expect(page.getByRole('button', { name: `W: ${money(before)}` })).toBeVisible();

  await openGame(page, '7 Up Down');
  const table = page.frameLocator('iframe[title="7 Up Down casino game"]');
  await table.getByRole('group', { name: 'Stake' }).getByRole('button', { name: '100' }).click();
  await table.getByRole('group', { name: 'Bet' }).getByRole('button', { name: /^Up\b/ }).click();
  await table.getByRole('button', { name: /^Roll/ }).click();
  const result = table.locator('#result');
  await expect(result).toHaveText(/bet (wins: paid|loses) ₹/);
  const text = (await result.textContent()) ?? '';
  const paid = /wins: paid ₹\s*([\d,]+\.\d\d)/.exec(text)?.[1]; // ₹ and a no-break space
  const delta = paid === undefined ? -100 : Number(paid.replaceAll(',', '')) - 100;

  const after = before + delta;
  await expect.poll(() => mainBalance(request, session)).toBe(after);
  await expect(table.locator('#balance')).toHaveText(`₹ ${money(after)}`);
  await page.getByRole('link', { name: /Back to lobby/ }).click();
  await expect(page).toHaveURL(/\/casinolist$/);
  await expect(page.getByRole('button', { name: `W: ${money(after)}` })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('the lobby and a game fit the phone, the game above the footer menu', async ({
    page,
    client,
  }) => {
    await logIn(page, client);
    await page.goto('/casinolist');
    const cards = page.getByRole('main').getByRole('link');
    await expect(cards).toHaveText(GAMES);
    const first = (await cards.nth(0).boundingBox())!;
    const second = (await cards.nth(1).boundingBox())!;
    expect(second.y).toBe(first.y); // two cards a row
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const frame = await openGame(page, 'Roulette');
    const box = (await frame.boundingBox())!;
    expect(box.width).toBe(375);
    expect(box.height).toBeGreaterThanOrEqual(400);
    const menu = (await page.getByRole('navigation', { name: 'Footer menu' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(menu.y + 1);
    await expect(page.getByRole('link', { name: /Back to lobby/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

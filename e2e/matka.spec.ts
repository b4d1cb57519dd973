import { CREDIT, expect, logIn, ops, sessionOf, test } from './fixtures';
import { expectAccessible } from './support/axe';
import {
  exposureOf as exposure,
  laterJourneyGame,
  openMatkaBoard as openBoard,
} from './support/matka';

const money = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

test('crossing A {1, 2} × B {3} offers 13 and 23', async ({ page, client, request }) => {
  await logIn(page, client);
  await openBoard(page, request);
  const crossing = page.getByRole('form', { name: 'Crossing' });
  await crossing.getByRole('button', { name: 'Row A 1', exact: true }).click();
  await crossing.getByRole('button', { name: 'Row A 2', exact: true }).click();
  await crossing.getByRole('button', { name: 'Row B 3', exact: true }).click();
  await crossing.getByLabel('Amount').fill('50');
  await crossing.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('table', { name: 'Bets to place' });
  await expect(confirm).toContainText('13');
  await expect(confirm).toContainText('23');
  await expect(confirm.getByRole('row')).toHaveCount(4);
  await expectAccessible(page, 'the matka crossing confirm dialog');
});

test('Harup A 5 at 100 offers 50 … 59 at 10 each', async ({ page, client, request }) => {
  await logIn(page, client);
  await openBoard(page, request);
  const harup = page.getByRole('form', { name: 'Harup' });
  await harup.getByRole('button', { name: 'Harup A 5555', exact: true }).click();
  await expectAccessible(page, 'the matka board with a Harup chosen');
  await harup.getByLabel('Amount').fill('100');
  await harup.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('table', { name: 'Bets to place' });
  await expect(confirm.getByRole('row')).toHaveCount(12); // header, ten bets, total
  for (const number of ['50', '54', '59']) await expect(confirm).toContainText(number);
  await expect(confirm).toContainText('10.00');
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 768 ? 800 : 812 } });

    test('a Harup confirm lists each number once: A 5555 and B 555 at 100 give 55 at 20 and 18 numbers at 10', async ({
      page,
      client,
      request,
    }) => {
      await logIn(page, client);
      await openBoard(page, request);
      const harup = page.getByRole('form', { name: 'Harup' });
      await harup.getByRole('button', { name: 'Harup A 5555', exact: true }).click();
      await harup.getByRole('button', { name: 'Harup B 555', exact: true }).click();
      await harup.getByLabel('Amount').fill('100');
      await harup.getByRole('button', { name: 'Confirm' }).click();
      const confirm = page.getByRole('table', { name: 'Bets to place' });
      const rows = confirm.locator('tbody tr');
      const expected = [
        ...['50', '51', '52', '53', '54', '55', '56', '57', '58', '59'],
        ...['05', '15', '25', '35', '45', '65', '75', '85', '95'],
      ];
      await expect(rows).toHaveCount(19);
      await expect(rows.locator('td:first-child')).toHaveText(expected);
      await expect(rows.filter({ hasText: /^55/ })).toHaveCount(1);
      await expect(rows.filter({ hasText: /^55/ }).locator('td').nth(1)).toHaveText(money(20));
      await expect(confirm.getByTestId('matka-total')).toHaveText(money(200));

      // What the bettor confirmed is what is sent: one bet per number, the same total.
      const sent = page.waitForRequest('**/api/Matka/PlaceBet');
      await page.getByRole('button', { name: 'Submit' }).click();
      const body = (await sent).postDataJSON() as {
        TotalAmount: number;
        SMBets: { BetNo: string; Amount: number }[];
      };
      expect(body.TotalAmount).toBe(200);
      expect(body.SMBets).toEqual(
        expected.map((BetNo) => ({ BetNo, Amount: BetNo === '55' ? 20 : 10 })),
      );
    });
  });
}

test('a closed game refuses a bet', async ({ page, client, request }) => {
  await logIn(page, client);
  const session = await sessionOf(page);
  const closed = await laterJourneyGame(request, session);
  expect(closed.isOpen).toBe(false);
  const response = await request.post('/api/Matka/PlaceBet', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      SportsId: 6,
      EventName: closed.EventName,
      EventId: closed.EventId,
      TotalAmount: 100,
      SMBets: [{ BetNo: '45', Amount: 100 }],
    },
  });
  expect(await response.json()).toEqual({
    Status: false,
    Result: 'This game is closed for betting',
  });
});

for (const width of [1280, 375]) {
  test(`at ${width} px the header's wallet follows a matka bet at once, not at the next session check`, async ({
    page,
    client,
    request,
  }) => {
    await page.setViewportSize({ width, height: width > 768 ? 800 : 812 });
    // Time stands still: the 10 s session check (which also reloads the balance) never comes.
    await page.clock.install();
    await logIn(page, client);
    await openBoard(page, request);
    const wallet = page.getByRole('button', { name: /^W:/ });
    await expect(wallet).toContainText(money(CREDIT));
    const paste = page.getByRole('form', { name: 'Paste' });
    await paste.getByLabel('Numbers@Amount').fill('45@100');
    await paste.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(wallet).toContainText(money(CREDIT - 100));
  });
}

test('paste 45-46-50@100 places three bets of 100 and adds 300 of exposure; the declared result pays in the lists', async ({
  page,
  client,
  request,
}) => {
  await logIn(page, client);
  const { game, session } = await openBoard(page, request);
  const before = await exposure(request, session);
  const paste = page.getByRole('form', { name: 'Paste' });
  await paste.getByLabel('Numbers@Amount').fill('45-46-50@100');
  await expectAccessible(page, 'the matka board with a paste typed');
  await paste.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('table', { name: 'Bets to place' });
  await expect(confirm.getByRole('row')).toHaveCount(5); // header, three bets, total
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('My Bets')).toBeVisible();
  await expect.poll(() => exposure(request, session)).toBe(before + 300);
  await expect(paste.getByLabel('Numbers@Amount')).toHaveValue('');

  await ops(request, 'matka-result', { mid: game.Mid, result: '45' });
  await page.goto('/makta_bethistory');
  await expect(page.getByRole('row').filter({ hasText: game.EventName }).first()).toBeVisible();
  await expectAccessible(page, 'the matka bet history');
  await expect(page.getByRole('row').filter({ hasText: game.EventName }).first()).toContainText(
    '45',
  );
  await page.goto('/matka-profit-loss');
  // A hit returns 90 × 100 including the stake; 46 and 50 lose 100 each: +8,700.
  await expect(page.getByRole('row').filter({ hasText: game.EventName }).first()).toContainText(
    money(8700),
  );
  expect(await exposure(request, session)).toBe(before);
});

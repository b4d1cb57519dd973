import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  apiBet,
  apiGet,
  atWidth,
  CASINO_SECRET,
  CREDIT,
  expect,
  logIn,
  ops,
  sessionOf,
  test,
  type ApiSession,
} from './fixtures';
import { expectAccessible } from './support/axe';
import { suiteNow } from './support/clock';
import { openJourneyGame } from './support/matka';

/**
 * The back office (docs/backoffice.md) as an operator meets it: a TOTP login, the house's book
 * moving when a client bets in another browser, a suspension the client sees within a second, a
 * declared result, a credit whose answer was lost sent again with its key (paid once), and a stuck
 * casino round voided with its stake released once.
 */

const OPERATOR_PASSWORD = 'e2e operator secret';

/**
 * <name>-<width>.png in the test's own output dir: a test changes no tracked file, and
 * `SHOTS=journeys node scripts/screenshots.mjs` copies it into docs/screenshots.
 */
const shot = (name: string, width: number) => test.info().outputPath(`${name}-${width}.png`);

async function newOperator(request: APIRequestContext): Promise<{ username: string; totp: TOTP }> {
  const username = `op_${randomBytes(4).toString('hex')}`;
  const created = await ops<{ totpSecret: string }>(request, 'create-operator', {
    username,
    password: OPERATOR_PASSWORD,
    role: 'admin',
  });
  const totp = new TOTP({ secret: Secret.fromBase32(created.totpSecret), digits: 6, period: 30 });
  return { username, totp };
}

async function operatorLogIn(page: Page, operator: { username: string; totp: TOTP }) {
  await page.goto('/backoffice/login');
  await page.getByRole('radio', { name: 'House staff' }).check();
  await expect(page.getByLabel('Six-digit code')).toBeVisible();
  await expectAccessible(page, 'the back office login');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  // The code of the suite's time: the server's clock is where E2E_AT put it (support/clock.ts).
  await page.getByLabel('Six-digit code').fill(operator.totp.generate({ timestamp: suiteNow() }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expectAccessible(page, 'the back office risk book');
}

/** A cricket match in play with priced match odds: runners EventId·100 + 1 and + 2. */
async function cricket(request: APIRequestContext) {
  const tag = randomBytes(3).toString('hex');
  const names = [`Kings ${tag}`, `Queens ${tag}`] as const;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: 'Back Office Cup',
    name: `${names[0]} v ${names[1]}`,
    runners: [...names],
    inPlay: true,
  });
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [
        {
          selectionId: eventId * 100 + 1,
          back: [{ price: 2, size: 5000 }],
          lay: [{ price: 2.02, size: 5000 }],
        },
        {
          selectionId: eventId * 100 + 2,
          back: [{ price: 1.98, size: 5000 }],
          lay: [{ price: 2, size: 5000 }],
        },
      ],
    },
  });
  return { eventId, names, name: `${names[0]} v ${names[1]}` };
}

async function clientPage(
  browser: Browser,
  width: number,
  client: { username: string; password: string },
) {
  const context = await browser.newContext(atWidth(width));
  const page = await context.newPage();
  await logIn(page, client);
  return { page, session: await sessionOf(page), close: () => context.close() };
}

interface Balance {
  Result: { CreditLimit: number; MainBalance: number; Exposure: number };
}
const balanceOf = (request: APIRequestContext, session: ApiSession) =>
  apiGet<Balance>(request, session, '/api/AmountModels/GetBalanceDetail');

for (const width of [1280, 375]) {
  test(`an operator watches the house book, suspends, declares, credits once and voids a stuck round at ${width} px`, async ({
    browser,
    request,
    client,
  }) => {
    const operator = await newOperator(request);
    const f = await cricket(request);
    const context = await browser.newContext(atWidth(width));
    const page = await context.newPage();
    await operatorLogIn(page, operator);

    // The risk book: nothing on the new match until the client bets in another browser.
    const card = page.getByRole('article').filter({ hasText: f.name });
    await expect(card).toHaveCount(0);
    const bettor = await clientPage(browser, width, client);
    await bettor.page.goto(`/market/4/${f.eventId}`);
    await apiBet(request, bettor.session, {
      sportsId: 4,
      SelectionName: f.names[0],
      SelectionID: String(f.eventId * 100 + 1),
      Odds: 2,
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${f.eventId}`,
      EventId: f.eventId,
      BetType: 'Back',
      BetStatus: 'Pending',
      Stack: 1000,
    });
    // The client backed Kings for 1000 at 2: the house loses 1000 if Kings win, wins 1000 if not.
    await expect(card).toContainText('-₹1,000.00', { timeout: 3_000 });
    await expect(card).toContainText('+₹1,000.00');

    // A matka bet of another client moves the house's total at once: Risk counts matka too.
    const total = page.getByTestId('total-exposure');
    const totalBefore = (await total.textContent()) ?? '';
    const punter = { username: `mk_${randomBytes(4).toString('hex')}`, password: 'e2e-password-1' };
    await ops(request, 'create-client', { ...punter, creditLimit: CREDIT });
    const matkaPlayer = await clientPage(browser, width, punter);
    const game = await openJourneyGame(request, matkaPlayer.session);
    const placed = await request.post('/api/Matka/PlaceBet', {
      headers: { authorization: `Bearer ${matkaPlayer.session.token}` },
      data: {
        SportsId: 6,
        EventName: game.EventName,
        EventId: game.EventId,
        TotalAmount: 100,
        SMBets: [{ BetNo: '45', Amount: 100 }],
      },
    });
    expect(((await placed.json()) as { Status: boolean }).Status).toBe(true);
    await expect(total).not.toHaveText(totalBefore, { timeout: 3_000 });
    await expect(page.getByRole('article').filter({ hasText: game.EventName })).toBeVisible();
    await matkaPlayer.close();
    await page.screenshot({ path: shot('backoffice-risk-live', width) });

    // Suspend: the client's screen shows it within a second.
    await page.getByRole('link', { name: 'Markets' }).click();
    const suspend = page.getByRole('button', { name: `Suspend Match Odds (${f.name})` });
    await suspend.click();
    const match = bettor.page.getByRole('region', { name: 'Match Odds' });
    await expect(match.getByText('SUSPENDED', { exact: true })).toHaveCount(2, { timeout: 1_000 });
    await expectAccessible(page, `the back office markets at ${width} px`);
    await page.screenshot({ path: shot('backoffice-markets', width) });
    await page.getByRole('button', { name: `Resume Match Odds (${f.name})` }).click();

    // Declare Kings the winner: the client is paid 1000 net of the 1000 stake.
    await page.getByRole('button', { name: `Declare Match Odds (${f.name})` }).click();
    const declare = page.getByRole('dialog', { name: 'Declare result' });
    await declare.getByLabel('Winner').selectOption({ label: f.names[0] });
    await expectAccessible(page, `the declare result dialog at ${width} px`);
    await declare.getByRole('button', { name: 'Declare' }).click();
    await expect(page.getByText(/^Settled 1\.\d+ as .*: 1 bets of 1 clients$/)).toBeVisible();
    await expect
      .poll(async () => (await balanceOf(request, bettor.session)).Result.MainBalance)
      .toBe(CREDIT + 1000);

    // A credit whose answer is lost: Try again sends the same key, and it is paid once.
    const { uid } = bettor.session;
    await page.goto(`/backoffice/clients/${uid}`);
    let lost = false;
    await page.route('**/api/backoffice/credit', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch(); // the server does it …
      await route.abort('connectionreset'); // … and the answer never arrives
    });
    const movement = page.getByRole('form', { name: 'Credit or debit' });
    await movement.getByLabel('Amount (₹)').fill('500');
    await expectAccessible(page, `the back office client at ${width} px`);
    await page.screenshot({ path: shot('backoffice-client', width) });
    await movement.getByRole('button', { name: 'Credit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit' });
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(/^Gave 500\.00 to /)).toBeVisible();
    const credited = await balanceOf(request, bettor.session);
    expect(credited.Result.CreditLimit).toBe(CREDIT + 500);

    // Safer betting (docs/safer-gambling.md): a ceiling on the client's daily loss limit, in
    // force at once for the client.
    const ceiling = page.getByRole('form', { name: 'Limit ceiling' });
    await ceiling.getByLabel('Limit').selectOption({ label: 'Daily loss limit' });
    await ceiling.getByLabel('Ceiling (₹)').fill('5000');
    await ceiling.getByRole('button', { name: 'Set ceiling' }).click();
    await expect(
      page.getByText(`Daily loss limit of ${client.username}: ceiling ₹5,000`),
    ).toBeVisible();
    await page.getByRole('heading', { name: 'Safer betting' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('backoffice-client-safer', width) });
    const safer = await request.get('/api/safer', {
      headers: { authorization: `Bearer ${bettor.session.token}` },
    });
    const settings = (await safer.json()) as {
      Result: { limits: { kind: string; value: number | null; ceiling: number | null }[] };
    };
    expect(settings.Result.limits.find((limit) => limit.kind === 'lossDay')).toMatchObject({
      value: 5000,
      ceiling: 5000,
    });

    // A casino round whose provider died after the Debit: voided, its stake released once.
    const launch = await request.post('/api/Casino/Launch', {
      data: { gameId: 'roulette' },
      headers: { authorization: `Bearer ${bettor.session.token}` },
    });
    const url = new URL(((await launch.json()) as { Result: { Url: string } }).Result.Url);
    const provider = { authorization: `Bearer ${CASINO_SECRET}` };
    const opened = await request.post('/api/CasinoProvider/Session', {
      data: { token: url.searchParams.get('token') },
      headers: provider,
    });
    const { session } = ((await opened.json()) as { Result: { session: string } }).Result;
    const roundId = `stuck${randomBytes(4).toString('hex')}`;
    await request.post('/api/CasinoProvider/Debit', {
      data: { session, roundId, amount: 250 },
      headers: provider,
    });
    expect((await balanceOf(request, bettor.session)).Result.Exposure).toBe(250);
    await page.getByRole('link', { name: 'Matka & Casino' }).click();
    await page.getByRole('button', { name: `Void round ${roundId}` }).click();
    const voiding = page.getByRole('dialog', { name: 'Void casino round' });
    await expectAccessible(page, `the void round dialog at ${width} px`);
    await voiding.getByLabel('Reason (required)').fill('Provider down');
    await voiding.getByRole('button', { name: 'Void' }).click();
    await expect(page.getByRole('button', { name: `Void round ${roundId}` })).toHaveCount(0);
    const after = await balanceOf(request, bettor.session);
    expect(after.Result.Exposure).toBe(0);
    expect(after.Result.MainBalance).toBe(CREDIT + 1000 + 500);

    // The audit log has each of it, by this operator, in words (docs/backoffice.md "Screens").
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('Operator').fill(operator.username);
    await page.getByRole('button', { name: 'Filter' }).click();
    const log = page.getByRole('region', { name: 'Audit log' });
    for (const action of [
      `Voided casino round ${roundId}`,
      `Credited ₹500.00 to ${client.username}`,
      `Set a ceiling of ₹5,000.00 on the daily loss limit of ${client.username}`,
      `Declared selection ${f.eventId * 100 + 1} the winner of market 1.${f.eventId}`,
      `Suspended market 1.${f.eventId}`,
      `Resumed market 1.${f.eventId}`,
      'Logged in',
    ])
      await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
    await expect(log.getByText('/api/backoffice/', { exact: false })).toHaveCount(0);
    await expectAccessible(page, `the audit log at ${width} px`);
    await page.screenshot({ path: shot('backoffice-audit', width) });
    await bettor.close();
    await context.close();
  });
}

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiBet, atWidth, expect, logIn, ops, sessionOf, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { inPlayEvent, step } from './support/cricket';

/**
 * The agents' console (docs/backoffice.md#agent-console) as the network meets it: a tree the
 * journey makes (the demo admin → a super master 90 % → a master 80 % → an agent 70 %); the agent
 * logs in for the first time, sets its transaction password, creates a client and gives it chips;
 * the client bets and the agent's market analysis moves without a reload; the agent locks the
 * client's betting and the next bet is refused; the market settles and the agent's P/L shows its
 * take to the paisa, the master's its own; a user outside the agent's subtree is not found by any
 * URL; a visitor signs up with the agent's referral code, is approved and logs in.
 */

const PASSWORD = 'e2e-agent-pass-1';
const TXN = 'e2e-txn-pass-1';
/** The e2e server seeds the demo network (SEED_DEMO=1): its admin's transaction password. */
const ADMIN_TXN = 'Backlay@2026';

const shot = (name: string, width: number) => test.info().outputPath(`${name}-${width}.png`);

/** Calls an agent route as `token` and answers its body (a refusal is the caller's to check). */
async function agentPost<R = string>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object,
): Promise<{ Status: boolean; Result: R }> {
  const response = await request.post(path, {
    data,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': `e2e-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as { Status: boolean; Result: R };
}

async function agentToken(request: APIRequestContext, username: string): Promise<string> {
  const answer = await agentPost<{ token: string }>(request, '', '/api/agent/login', {
    username,
    password: PASSWORD,
  });
  expect(answer.Status, JSON.stringify(answer.Result)).toBe(true);
  return answer.Result.token;
}

/**
 * `parent` (an agent's token, or 'admin': the admin through the operator's door) makes `username`
 * and funds it.
 */
async function makeUser(
  request: APIRequestContext,
  parent: string,
  user: { level: string; username: string; partnership: number; chips: number },
) {
  const create = {
    level: user.level,
    username: user.username,
    password: PASSWORD,
    creditReference: user.chips,
    partnership: user.partnership,
    matchCommission: 0,
    sessionCommission: 0,
  };
  const deposit = { username: user.username, amount: user.chips };
  if (parent === 'admin') {
    await ops(request, 'agent/create-user', { ...create, transactionPassword: ADMIN_TXN });
    await ops(request, 'agent/deposit', { ...deposit, transactionPassword: ADMIN_TXN });
    return;
  }
  for (const [path, data] of [
    ['/api/agent/create-user', create],
    ['/api/agent/deposit', deposit],
  ] as const) {
    const answer = await agentPost(request, parent, path, { ...data, transactionPassword: TXN });
    expect(answer.Status, `${path}: ${answer.Result}`).toBe(true);
  }
}

/** The tree of the journey: names end in `tag`; the agent has not logged in yet. */
async function network(request: APIRequestContext, tag: string) {
  const names = { sm: `sm_${tag}`, master: `ms_${tag}`, agent: `ag_${tag}` };
  await makeUser(request, 'admin', {
    level: 'supermaster',
    username: names.sm,
    partnership: 90,
    chips: 1_00_000,
  });
  const sm = await agentToken(request, names.sm);
  await agentPost(request, sm, '/api/agent/transaction-password', { password: TXN });
  await makeUser(request, sm, {
    level: 'master',
    username: names.master,
    partnership: 80,
    chips: 60_000,
  });
  const master = await agentToken(request, names.master);
  await agentPost(request, master, '/api/agent/transaction-password', { password: TXN });
  await makeUser(request, master, {
    level: 'agent',
    username: names.agent,
    partnership: 70,
    chips: 40_000,
  });
  return names;
}

/** A cricket match in play whose match odds are Kings 2 / Queens 2. */
async function cricket(request: APIRequestContext) {
  const tag = randomBytes(3).toString('hex');
  const names = [`Kings ${tag}`, `Queens ${tag}`] as const;
  const eventId = await inPlayEvent(request, 'Network Cup', ...names);
  await step(request, eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [1, 2].map((runner) => ({
      selectionId: eventId * 100 + runner,
      back: [{ price: 2, size: 5000 }],
      lay: [{ price: 2.02, size: 5000 }],
    })),
  });
  return { eventId, names, marketId: `1.${eventId}`, name: `${names[0]} v ${names[1]}` };
}

async function backofficeLogIn(page: Page, username: string) {
  await page.goto('/backoffice/login');
  await expect(page.getByRole('radio', { name: 'Agent' })).toBeChecked();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function clientPage(browser: Browser, width: number, username: string, password: string) {
  const context = await browser.newContext(atWidth(width));
  const page = await context.newPage();
  await logIn(page, { username, password });
  return { page, session: await sessionOf(page), close: () => context.close() };
}

/** The row of `username` in the downline table. */
const rowOf = (page: Page, username: string) =>
  page
    .getByRole('region', { name: 'Downline users' })
    .getByRole('row')
    .filter({ has: page.getByText(username, { exact: true }) });

for (const width of [1280, 375]) {
  test(`an agent runs its downline and a master sees its take at ${width} px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const tag = `${width}${randomBytes(2).toString('hex')}`;
    const names = await network(request, tag);
    const client = { username: `cl_${tag}`, password: 'e2e-client-pass' };
    const context = await browser.newContext(atWidth(width));
    const page = await context.newPage();

    // The first login asks for a transaction password before anything else.
    await page.goto('/backoffice/login');
    await expectAccessible(page, `the back office login at ${width} px`);
    await page.screenshot({ path: shot('backoffice-login', width) });
    await backofficeLogIn(page, names.agent);
    await page.waitForURL('**/backoffice/transaction-password');
    await page.getByLabel('New transaction password', { exact: true }).fill(TXN);
    await page.screenshot({ path: shot('console-transaction-password', width) });
    await page.getByLabel('Confirm the new transaction password').fill(TXN);
    await expectAccessible(page, `the transaction password form at ${width} px`);
    await page.getByRole('button', { name: 'Set transaction password' }).click();
    await page.waitForURL('**/backoffice/downline');

    // Create a client with a credit reference, then give it the chips.
    await page.getByRole('link', { name: 'Create user' }).click();
    const form = page.getByRole('form', { name: 'Create user' });
    await form.getByLabel('Level').selectOption({ label: 'Client' });
    await form.getByLabel('Username').fill(client.username);
    await form.getByLabel('Password', { exact: true }).fill(client.password);
    await form.getByLabel('Credit reference (₹)').fill('10000');
    await form.getByLabel('Match commission (%)').fill('0');
    await form.getByLabel('Session commission (%)').fill('0');
    await form.getByLabel('Your transaction password').fill(TXN);
    await expectAccessible(page, `the create user form at ${width} px`);
    await page.screenshot({ path: shot('console-create-user', width), fullPage: true });
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/backoffice/downline');
    await rowOf(page, client.username)
      .getByRole('button', { name: `Actions for ${client.username}` })
      .click();
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const deposit = page.getByRole('dialog', { name: `Deposit to ${client.username}` });
    await deposit.getByLabel('Amount (₹)').fill('10000');
    await deposit.getByLabel('Your transaction password').fill(TXN);
    await expect(deposit).toContainText(
      `Deposit ₹10,000.00 to ${client.username}: your balance ₹40,000.00 → ₹30,000.00, its balance ₹0.00 → ₹10,000.00`,
    );
    await expectAccessible(page, `the deposit dialog at ${width} px`);
    await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(deposit).toHaveCount(0);
    await expect(rowOf(page, client.username)).toContainText('₹10,000.00');
    await expectAccessible(page, `the downline at ${width} px`);
    await page.screenshot({ path: shot('console-downline', width), fullPage: true });

    // The client backs Kings for ₹1,000 at 2: the market analysis moves without a reload.
    const match = await cricket(request);
    await page.getByRole('link', { name: 'Market analysis' }).click();
    await expect(page.getByText('No open bets in your downline')).toBeVisible();
    const bettor = await clientPage(browser, width, client.username, client.password);
    const backKings = {
      sportsId: 4,
      SelectionName: match.names[0],
      SelectionID: String(match.eventId * 100 + 1),
      Odds: 2,
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: match.marketId,
      EventId: match.eventId,
      BetType: 'Back',
      BetStatus: 'Pending',
      Stack: 1000,
    };
    await apiBet(request, bettor.session, backKings);
    const card = page.getByRole('article').filter({ hasText: 'Match Odds' });
    // Kings win: the downline pays ₹1,000, the agent's 70 % of it ₹700; Queens: they win.
    await expect(card).toContainText('-₹1,000.00', { timeout: 5_000 });
    await expect(card).toContainText('-₹700.00');
    await expect(card).toContainText('+₹700.00');
    await expectAccessible(page, `the market analysis at ${width} px`);
    await page.screenshot({ path: shot('console-analysis', width), fullPage: true });
    // The user book: the agent's client and the agent's take of it.
    await card.getByRole('link', { name: 'User book' }).click();
    const book = page.getByRole('region', { name: 'User book' });
    await expect(book.getByRole('row').filter({ hasText: client.username })).toContainText(
      '-₹1,000.00',
    );
    await expectAccessible(page, `the user book at ${width} px`);
    await page.screenshot({ path: shot('console-user-book', width), fullPage: true });
    await page.getByRole('link', { name: 'Current bets' }).click();
    await expect(page.getByRole('row').filter({ hasText: client.username })).toContainText(
      '₹1,000.00',
    );
    await expectAccessible(page, `the current bets at ${width} px`);
    await page.screenshot({ path: shot('console-bets', width), fullPage: true });

    // Lock the client's betting: its next bet is refused with the message.
    await page.getByRole('link', { name: 'Downline' }).click();
    await rowOf(page, client.username)
      .getByRole('button', { name: `Actions for ${client.username}` })
      .click();
    await page.getByRole('button', { name: 'Lock betting' }).click();
    const lock = page.getByRole('dialog', { name: `Lock betting of ${client.username}` });
    await lock.getByLabel('Your transaction password').fill(TXN);
    await lock.getByRole('button', { name: 'Lock betting' }).click();
    await expect(lock).toHaveCount(0);
    const refused = await request.post('/api/UserBetModels/PostUserBetModel', {
      data: backKings,
      headers: { authorization: `Bearer ${bettor.session.token}` },
    });
    expect(await refused.json()).toEqual({
      Status: false,
      Result: 'Your betting is locked. Please contact your operator.',
    });

    // Kings win: the client is paid ₹1,000; the agent books −₹700.00, the master −₹100.00.
    await ops(request, 'declare-result', {
      marketId: match.marketId,
      winnerSelectionId: match.eventId * 100 + 1,
    });
    await page.getByRole('link', { name: 'P/L' }).click();
    const pl = page.getByRole('row').filter({ hasText: match.name });
    await expect(pl).toContainText('+₹1,000.00');
    await expect(pl).toContainText('-₹700.00');
    await expectAccessible(page, `the P/L at ${width} px`);
    await page.screenshot({ path: shot('console-pl', width), fullPage: true });
    // The agent's statement: its deposits to the client and the booked take.
    await page.getByRole('link', { name: 'Statement' }).click();
    await expect(page.getByRole('row').filter({ hasText: '-₹700.00' }).first()).toBeVisible();
    await expectAccessible(page, `the statement at ${width} px`);
    await page.screenshot({ path: shot('console-statement', width), fullPage: true });
    await page.getByRole('link', { name: 'Commission' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `the commission report at ${width} px`);
    await page.screenshot({ path: shot('console-commission', width), fullPage: true });

    // No user outside the subtree is found, by any URL.
    for (const path of [
      `/backoffice/downline/${names.master}`,
      '/backoffice/downline/demo1',
      '/backoffice/statement/demo_agent',
    ]) {
      await page.goto(path);
      await expect(page.getByText(/No user named/).first()).toBeVisible();
    }
    await expectAccessible(page, `a user outside the subtree at ${width} px`);

    // A visitor signs up with the agent's referral code; the agent approves; the client logs in.
    await page.getByRole('link', { name: 'Sign-up requests' }).click();
    const link = new URL(await page.getByLabel('Sign-up link').inputValue());
    expect(link.searchParams.get('ref')).toMatch(/^[2-9A-Z]{8}$/);
    await expectAccessible(page, `the sign-up requests at ${width} px`);
    const visitor = await browser.newContext(atWidth(width));
    const signup = await visitor.newPage();
    const joiner = { username: `su_${tag}`, password: 'e2e-signup-pass' };
    // The agent's link fills the code in.
    await signup.goto(`${link.pathname}${link.search}`);
    await expect(signup.getByLabel('Referral Code')).toHaveValue(
      link.searchParams.get('ref') ?? '',
    );
    await signup.getByLabel('Username').fill(joiner.username);
    await signup.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await signup.getByLabel('Password', { exact: true }).fill(joiner.password);
    await signup.getByLabel('Mobile Number').fill('9876543210');
    await signup.getByRole('checkbox').check();
    await signup.screenshot({ path: shot('signup', width), fullPage: true });
    await signup.getByRole('button', { name: 'Join Now' }).click();
    await expect(signup.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await signup.screenshot({ path: shot('signup-sent', width) });
    await expectAccessible(signup, `the sign-up answer at ${width} px`);
    await page.reload();
    await page.getByRole('button', { name: `Approve ${joiner.username}` }).click();
    const approve = page.getByRole('dialog', { name: 'Approve request' });
    await approve.getByLabel('Your transaction password').fill(TXN);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toHaveCount(0);
    await page.screenshot({ path: shot('console-requests', width), fullPage: true });
    await logIn(signup, joiner);
    await visitor.close();

    // The master walks down to the agent: the same market, its own take (80 − 70 = 10 %).
    const masterContext = await browser.newContext(atWidth(width));
    const masterPage = await masterContext.newPage();
    await backofficeLogIn(masterPage, names.master);
    await masterPage.waitForURL('**/backoffice/downline');
    await masterPage.getByRole('link', { name: 'P/L' }).click();
    const masterRow = masterPage.getByRole('row').filter({ hasText: match.name });
    await expect(masterRow).toContainText('+₹1,000.00');
    await expect(masterRow).toContainText('-₹100.00');
    await masterPage.getByRole('tab', { name: 'By user' }).click();
    const agentRow = masterPage.getByRole('row').filter({ hasText: names.agent });
    await expect(agentRow).toContainText('+₹1,000.00');
    await expect(agentRow).toContainText('-₹100.00');
    await expectAccessible(masterPage, `the master's P/L by user at ${width} px`);
    await masterPage.screenshot({ path: shot('console-pl-by-user', width), fullPage: true });
    // Down to the agent's own users: its client, with the master's take of it.
    await agentRow.getByRole('button', { name: names.agent, exact: true }).click();
    const clientRow = masterPage.getByRole('row').filter({ hasText: client.username });
    await expect(clientRow).toContainText('+₹1,000.00');
    await expect(clientRow).toContainText('-₹100.00');

    await masterContext.close();
    await bettor.close();
    await context.close();
  });
}

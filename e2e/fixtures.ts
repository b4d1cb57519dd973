import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { atSuiteTime } from './support/clock';

export const OPS_TOKEN = 'e2e-operator-token-0123456789-abcdefghijkl';
export const CREDIT = 25_000;
/** The casino provider's secret of the e2e server, for a journey that plays the provider. */
export const CASINO_SECRET = 'e2e-casino-secret-0123456789-abcdefghijk';

export interface Client {
  readonly username: string;
  readonly password: string;
}

/**
 * Calls the operator API, as `npm run ops` does, and answers its Result: a message for most
 * commands, an object for some (`fixture-event` answers `{ eventId, marketIds }`).
 */
export async function ops<R = string>(
  request: APIRequestContext,
  command: string,
  data: object,
): Promise<R> {
  const response = await request.post(`/api/ops/${command}`, {
    data,
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  const body = (await response.json()) as { Status: boolean; Result: R };
  expect(body.Status, JSON.stringify(body.Result)).toBe(true);
  return body.Result;
}

/**
 * The two widths every journey is walked at: a laptop, and a phone (at or below the mobile
 * breakpoint of 768 px).
 */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
export const atWidth = (width: number) => (width < 768 ? PHONE : DESKTOP);

export const RULES_TITLE = 'Rules and Terms';

/** The Rules and Terms modal shown on first entry into the app, once per browser session. */
export const rulesDialog = (page: Page) => page.getByRole('dialog', { name: RULES_TITLE });

/**
 * Logs in through the form, as a bettor does, and accepts the rules modal that greets the first
 * entry (`{ acceptRules: false }` leaves it open).
 */
export async function logIn(
  page: Page,
  client: Client,
  { acceptRules = true }: { acceptRules?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(client.username);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
  if (acceptRules) await rulesDialog(page).getByRole('button', { name: 'Accept' }).click();
}

export const test = base.extend<{ client: Client; axeOnFinish: void }>({
  /**
   * Every context a journey opens, the default one and its own, lives at the suite's time
   * (support/clock.ts): the machine's, or the hour E2E_AT chose.
   */
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => atSuiteTime(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  /**
   * Every journey ends with axe on the page as the journey left it (docs/accessibility.md):
   * serious or critical violations fail it. A journey that failed already, or left its page
   * closed or blank, is not checked again.
   */
  axeOnFinish: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      if (page.isClosed() || page.url() === 'about:blank') return;
      // axe waits on timers: a journey that paused the page's clock would hold it forever.
      await page.clock.resume();
      await expectAccessible(page, `the last screen of "${testInfo.title}"`);
    },
    { auto: true },
  ],
  /** A fresh client for each test, with credit, made through the operator API. */
  client: async ({ request }, use) => {
    const client = {
      username: `e2e_${randomBytes(5).toString('hex')}`,
      password: 'e2e-password-1',
    };
    await ops(request, 'create-client', { ...client, creditLimit: CREDIT });
    await use(client);
  },
});

export { expect };

/** A client's session through the API, for the calls a journey makes as that client. */
export interface ApiSession {
  readonly token: string;
  readonly uid: number;
}

/**
 * The session of the client logged in on `page` (its stored login): the journey's API calls as
 * that client use it, since a new login would end the page's session.
 */
export async function sessionOf(page: Page): Promise<ApiSession> {
  const stored = await page.evaluate(() => localStorage.getItem('loginUserDetails'));
  const login = JSON.parse(stored ?? 'null') as { Token: string; uid: number } | null;
  expect(login, 'no stored login').not.toBeNull();
  return { token: login!.Token, uid: login!.uid };
}

/** Reads a client route as that client and answers its body. */
export async function apiGet<R = unknown>(
  request: APIRequestContext,
  session: ApiSession,
  url: string,
): Promise<R> {
  const response = await request.get(url, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as R;
}

/** Places a bet as the client (POST PostUserBetModel or PostFancyBetModel with the draft). */
export async function apiBet(
  request: APIRequestContext,
  session: ApiSession,
  draft: Record<string, unknown>,
): Promise<void> {
  const path =
    draft.MarketType === 'FANCY'
      ? '/api/UserBetModels/PostFancyBetModel'
      : '/api/UserBetModels/PostUserBetModel';
  const response = await request.post(path, {
    data: draft,
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = (await response.json()) as { Status: boolean; Result: string };
  expect(body, JSON.stringify(draft)).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

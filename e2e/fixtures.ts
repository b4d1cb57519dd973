import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const OPS_TOKEN = 'e2e-operator-token-0123456789-abcdefghijkl';
export const CREDIT = 25_000;

export interface Client {
  readonly username: string;
  readonly password: string;
}

/** Calls the operator API, as `npm run ops` does. */
export async function ops(
  request: APIRequestContext,
  command: string,
  data: object,
): Promise<string> {
  const response = await request.post(`/api/ops/${command}`, {
    data,
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  const body = (await response.json()) as { Status: boolean; Result: string };
  expect(body.Status, body.Result).toBe(true);
  return body.Result;
}

/** Logs in through the form, as a bettor does. */
export async function logIn(page: Page, client: Client): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(client.username);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
}

export const test = base.extend<{ client: Client }>({
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

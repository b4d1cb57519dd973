import { expect, test } from '@playwright/test';

test('the built client loads from the real server', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Backlay');
  await expect(page.getByRole('heading', { name: 'Backlay' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a demo client can log in over HTTP', async ({ request }) => {
  const response = await request.post('/api/Authenticate/ValidLogin?ipAddress=127.0.0.1', {
    data: { username: 'demo1', password: 'Backlay@2026', LatLong: '19.076,72.8777' },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { Status: boolean; data: { UserName: string } };
  expect(body.Status).toBe(true);
  expect(body.data.UserName).toBe('demo1');
});

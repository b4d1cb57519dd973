import type { Page } from '@playwright/test';
import { expect, logIn, rulesDialog, test, PHONE } from './fixtures';
import { expectAccessible } from './support/axe';

interface SiteConfig {
  readonly brand: {
    readonly id: string;
    readonly name: string;
    readonly title: string;
    readonly logo: string;
    readonly favicon: string;
    readonly colors: { readonly primary: string };
  };
  readonly supportUrl: string;
  readonly awareness: ReadonlyArray<{ label: string; url: string }>;
  readonly social: ReadonlyArray<{ label: string; url: string }>;
  readonly payments: readonly string[];
}

/** GET /api/Site/Config from the page's own origin: the host name picks the brand. */
const siteConfigOf = (page: Page) =>
  page.evaluate(async () => {
    const answer = (await (await fetch('/api/Site/Config')).json()) as { Result: unknown };
    return answer.Result;
  }) as Promise<SiteConfig>;

test('the rules modal greets the first entry of a browser session, and of each login', async ({
  page,
  client,
  browser,
}) => {
  await logIn(page, client, { acceptRules: false });
  const rules = rulesDialog(page);
  await expect(rules).toBeVisible();
  await expect(rules).toContainText('₹500');
  await expect(rules).toContainText('₹100');
  await expectAccessible(page, 'the rules modal');
  await rules.getByRole('button', { name: 'Accept' }).click();
  await expect(rules).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem('ShowRules'))).toBe('false');

  await page.reload();
  await expect(page.getByRole('button', { name: /^W:/ })).toBeVisible();
  await page.goto('/inplay');
  await expect(page.getByRole('heading', { name: 'In-play', exact: true })).toBeVisible();
  await expect(rulesDialog(page)).toHaveCount(0);

  // A logout and a new login in the same tab make a new first entry.
  await page.getByRole('button', { name: client.username }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/login');
  await logIn(page, client, { acceptRules: false });
  await rulesDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(rulesDialog(page)).toBeHidden();

  // Another browser session: the rules show again, and Close counts as seen too.
  const { baseURL, geolocation, permissions, viewport } = test.info().project.use;
  const other = await browser.newContext({ baseURL, geolocation, permissions, viewport });
  const second = await other.newPage();
  await logIn(second, client, { acceptRules: false });
  await expect(rulesDialog(second)).toBeVisible();
  await rulesDialog(second).getByRole('button', { name: 'Close' }).click();
  await expect(rulesDialog(second)).toBeHidden();
  await second.reload();
  await expect(second.getByRole('button', { name: /^W:/ })).toBeVisible();
  await expect(rulesDialog(second)).toHaveCount(0);
  await other.close();
});

test('skyexch.localhost and localhost show two brands: title, logo and colours', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const seen: Array<{ id: string; primary: string }> = [];
  for (const origin of [`http://skyexch.localhost:${port}`, `http://localhost:${port}`]) {
    await page.goto(`${origin}/`);
    const config = await siteConfigOf(page);
    await expect(page).toHaveTitle(config.brand.title);
    const logo = page.getByRole('banner').getByRole('img', { name: config.brand.name });
    await expect(logo).toHaveAttribute('src', config.brand.logo);
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', config.brand.favicon);
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
        ),
      )
      .toBe(config.brand.colors.primary);
    // The header is painted in the brand's colours.
    const [r, g, b] = [1, 3, 5].map((at) =>
      Number.parseInt(config.brand.colors.primary.slice(at, at + 2), 16),
    );
    await expect(page.getByRole('banner')).toHaveCSS(
      'background-image',
      new RegExp(`rgb\\(${r}, ${g}, ${b}\\)`),
    );
    seen.push({ id: config.brand.id, primary: config.brand.colors.primary });
  }
  expect(seen[0]?.id).toBe('skyexch');
  expect(seen[1]?.id).toBe('backlay');
  expect(seen[0]?.primary).not.toBe(seen[1]?.primary);
});

test('the page footer links where the site is configured, each in a new tab', async ({
  page,
  client,
}) => {
  for (const where of ['landing', 'app'] as const) {
    if (where === 'landing') await page.goto('/');
    else await logIn(page, client);
    const config = await siteConfigOf(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();

    const awareness = footer.getByRole('region', { name: 'Play responsibly' }).getByRole('link');
    await expect(awareness).toHaveText(config.awareness.map((link) => link.label));
    for (const [index, link] of config.awareness.entries()) {
      await expect(awareness.nth(index)).toHaveAttribute('href', link.url);
    }
    for (const link of config.social) {
      await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.url,
      );
    }
    const support = footer.getByRole('link', { name: 'Chat with support' });
    await expect(support).toHaveAttribute('href', config.supportUrl);
    const payments = footer.getByRole('region', { name: 'Payment methods' }).getByRole('img');
    await expect(payments).toHaveCount(config.payments.length);
    for (const [index, id] of config.payments.entries()) {
      await expect(payments.nth(index)).toHaveAttribute('src', `/payments/${id}.svg`);
      await expect(payments.nth(index)).toHaveAttribute('alt', /\S/);
    }
    // Every payment logo is one of ours and arrives.
    expect(
      await payments.evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
      ),
    ).toBe(true);
    for (const link of await footer.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
    }
    await expect(footer.getByRole('img', { name: 'Adults only: 18 and over' })).toBeVisible();
  }
  // The user menu's Support goes to the same configured chat.
  const config = await siteConfigOf(page);
  await page.getByRole('button', { name: client.username }).click();
  await expect(page.getByRole('link', { name: 'Support', exact: true })).toHaveAttribute(
    'href',
    config.supportUrl,
  );
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('the page footer ends above the footer menu, and the menu links the configured support', async ({
    page,
    client,
  }) => {
    await logIn(page, client);
    const config = await siteConfigOf(page);
    const menu = page.getByRole('navigation', { name: 'Footer menu' });
    await expect(menu.getByRole('link', { name: 'Whatsapp support' })).toHaveAttribute(
      'href',
      config.supportUrl,
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const note = page.getByRole('contentinfo').getByText('Betting can be addictive');
    await expect(note).toBeInViewport();
    const noteBox = (await note.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(menuBox.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

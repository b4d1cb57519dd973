import { randomBytes } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { atWidth, expect, logIn, ops, test } from './fixtures';
import { stopPageClock } from './support/clock';
import { expectAccessible } from './support/axe';
import { inPlayEvent } from './support/cricket';

/**
 * The data saver (docs/pwa-and-data-saver.md): on by default when the browser says it saves data
 * (Chromium's own override, `Emulation.setDataSaverOverride`), it asks for no banner or card
 * picture, loads the live TV only when asked, stills the news ticker, shows the data the page used
 * in the user menu, and slows the lists' rates poll to the hub's safety interval (30 s, counted on
 * the page's clock) while the hub is connected.
 */

const isPicture = (url: string) => /\/(?:banners|cards|casino)\//.test(new URL(url).pathname);
const isRates = (url: string) => new URL(url).pathname === '/api/MarketModels/GetRates';

/** The browser says it saves data (Save-Data), from the page's first load. */
async function saveData(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

const userMenu = (page: Page, username: string) =>
  page.getByRole('button', { name: new RegExp(username) });

for (const width of [1280, 375]) {
  test(`with the browser saving data: no pictures, no live TV until asked, a still ticker, at ${width} px`, async ({
    browser,
    client,
    request,
  }, testInfo) => {
    const tag = randomBytes(3).toString('hex');
    const eventId = await inPlayEvent(
      request,
      `Saver Cup ${tag}`,
      `Finches ${tag}`,
      `Robins ${tag}`,
    );
    const context = await browser.newContext(atWidth(width));
    const page = await context.newPage();
    await saveData(page);
    const requested: string[] = [];
    page.on('request', (sent: Request) => requested.push(sent.url()));

    await logIn(page, client);
    expect(
      await page.evaluate(
        () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData,
      ),
    ).toBe(true);
    await expect(page.getByRole('link', { name: 'Cricket' }).first()).toBeVisible();
    await expect(page.locator('[aria-roledescription="carousel"]')).toHaveCount(0);
    await page.goto('/casinolist');
    await expect(page.getByRole('link', { name: /Roulette/i }).first()).toBeVisible();
    expect(requested.filter(isPicture)).toEqual([]);

    // The ticker stands still: one line, no marquee.
    const news = page.getByRole('region', { name: 'News' });
    await expect(news).toContainText('Welcome to Backlay!');
    await expect(page.getByRole('marquee')).toHaveCount(0);

    // The user menu: the switch on, and what this page has used so far.
    await page.goto('/home');
    await userMenu(page, client.username).click();
    await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByText(/^Data used this session: (\d+ KB|\d+\.\d MB)$/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`home-user-menu-${width}.png`) });
    await expectAccessible(page, `the user menu with the data saver at ${width}`);
    await userMenu(page, client.username).click();

    // The live TV waits to be asked, and then plays once.
    await page.goto(`/market/4/${eventId}`);
    await page.getByRole('button', { name: /Live TV/ }).click();
    await expect(page.getByText('Live TV is off while the data saver is on.')).toBeVisible();
    await expect(page.locator('iframe[title^="Live TV"]')).toHaveCount(0);
    const origin = new URL(page.url()).origin;
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    await page.getByRole('button', { name: 'Watch once' }).click();
    const frame = page.locator('iframe[title^="Live TV"]');
    await expect(frame).toHaveAttribute('src', /\/.+/);
    await expect
      .poll(() => requested.filter((url) => new URL(url).origin !== origin).length)
      .toBeGreaterThan(0);
    await context.close();
  });
}

test('the switch turns the data saver off: the pictures and the moving ticker come back', async ({
  page,
  client,
}) => {
  await saveData(page);
  await logIn(page, client);
  await expect(page.getByRole('marquee')).toHaveCount(0);
  const pictures: string[] = [];
  page.on('request', (sent) => {
    if (isPicture(sent.url())) pictures.push(new URL(sent.url()).pathname);
  });
  await userMenu(page, client.username).click();
  await page.getByRole('switch', { name: 'Data saver' }).click();
  await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
  await expect(page.getByRole('marquee', { name: 'News' })).toBeVisible();
  await expect.poll(() => pictures).toContain('/cards/cricket.svg');
  // Kept: a new page load stays as the bettor chose, whatever the browser says.
  await page.reload();
  await expect(page.getByRole('marquee', { name: 'News' })).toBeVisible();
});

test('with the data saver on and the hub connected, the lists poll their rates every 30 s, not 5 s', async ({
  page,
  client,
  request,
}) => {
  // Four minutes of the page's clock, a second at a time.
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const eventId = await inPlayEvent(request, `Saver Cup ${tag}`, `Finches ${tag}`, `Robins ${tag}`);
  // The home page polls one rates list per sport it shows; earlier journeys' events make more of
  // them, so only the list that prices this match is counted.
  const isOurRates = (url: string) =>
    isRates(url) &&
    (new URL(url).searchParams.get('marketids') ?? '').split(',').includes(`1.${eventId}`);
  let sent = 0;
  let answered = 0;
  /** The page's clock as the test has moved it, and when (on it) each of our polls left. */
  let clockMs = 0;
  const sentAt: number[] = [];
  page.on('request', (rates) => {
    if (!isOurRates(rates.url())) return;
    sent += 1;
    sentAt.push(clockMs);
  });
  const done = (rates: Request) => {
    if (isOurRates(rates.url())) answered += 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /**
   * Moves the page's clock on by `ms`, a second at a time, each poll answered before the next.
   * The hub client drops a connection that heard nothing for 30 s of that clock, which runs far
   * faster than the server's real-time pings: news every 20 s of it keeps the connection hearing,
   * as a live site's pushes do, so the hub stays connected throughout.
   */
  const runFor = async (ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
      if (clockMs % 20_000 === 0) await ops(request, 'news', { message: `Saver news ${clockMs}` });
      await page.clock.runFor(1000);
      clockMs += 1000;
      await expect.poll(() => answered).toBe(sent);
    }
  };
  /**
   * The pace of the polls over `ms` of the page's clock: the most common gap between two, in
   * seconds. A fetch of another cause (a hub push that invalidates the list, a reconnect under the
   * fast clock) adds one short gap, never a run of them, so it does not move the pace.
   */
  const paceOver = async (ms: number) => {
    const from = sentAt.length;
    await runFor(ms);
    const times = sentAt.slice(from);
    const gaps = times.slice(1).map((at, index) => Math.round((at - times[index]!) / 1000));
    const counts = new Map<number, number>();
    for (const gap of gaps) counts.set(gap, (counts.get(gap) ?? 0) + 1);
    const [pace] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0];
    return { pace, polls: times.length };
  };

  await page.clock.install();
  await page.addInitScript(() => localStorage.setItem('dataSaver', 'true'));
  await logIn(page, client);
  await expect(page.getByText(`Finches ${tag} v Robins ${tag}`).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  await stopPageClock(page);
  // The first answers came before the hub was up: the next poll sets the pace.
  await runFor(6000);
  const saving = await paceOver(150_000);
  expect(saving.polls).toBeGreaterThanOrEqual(4);
  expect(saving.pace).toBe(30);

  await page.clock.resume();
  await userMenu(page, client.username).click();
  await page.getByRole('switch', { name: 'Data saver' }).click();
  await userMenu(page, client.username).click();
  await stopPageClock(page);
  // The poll waiting out its 30 s learns the new pace when it comes.
  await runFor(31_000);
  const full = await paceOver(60_000);
  expect(full.polls).toBeGreaterThanOrEqual(11);
  expect(full.pace).toBe(5);
});

// Ad hoc: the cricket event screen (in play, and upcoming with its toss) at 1280 and 375 px.
import { chromium } from '@playwright/test';
const base = process.argv[2];
const out = new URL('./docs/screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [1280, 375]) {
  const context = await browser.newContext({
    baseURL: base, viewport: { width, height: width > 768 ? 1300 : 1500 },
    geolocation: { latitude: 19.076, longitude: 72.8777 }, permissions: ['geolocation'],
    timezoneId: 'Asia/Kolkata', reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder(/username/i).fill('demo1');
  await page.getByPlaceholder(/password/i).fill('Backlay@2026');
  await page.getByRole('button', { name: /login/i }).first().click();
  await page.waitForURL(/\/home/);
  const events = await page.evaluate(async () => {
    const { Token } = JSON.parse(localStorage.getItem('loginUserDetails') ?? '{}');
    const list = (await (await fetch('/api/MarketModels/GetMarketList?sportsId=4', { headers: { authorization: `Bearer ${Token}` } })).json()).Result ?? [];
    return { inPlay: list.find((e) => e.MarketStatus === 1)?.EventId, upcoming: list.find((e) => e.MarketStatus !== 1)?.EventId };
  });
  for (const [name, eventId] of [['event-4', events.inPlay], ['event-4-upcoming', events.upcoming]]) {
    if (!eventId) { console.log(`no ${name}`); continue; }
    await page.goto(`/market/4/${eventId}`);
    await page.getByTestId('runner-row').first().waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}${name}-${width}.png` });
    const toss = await page.getByRole('region', { name: 'Toss' }).count();
    const bm = await page.getByRole('region', { name: 'Bookmaker' }).innerText().catch(() => '');
    console.log(name, width, 'toss regions', toss, 'bookmaker:', bm.replace(/\s+/g, ' ').slice(0, 200));
  }
  await context.close();
}
await browser.close();

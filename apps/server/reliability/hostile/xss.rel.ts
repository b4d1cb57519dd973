import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, scale } from '../figures.js';
import { SERVER_OPS_TOKEN, startServer, type ServerProcess } from '../support/server-process.js';

/**
 * XSS (docs/reliability.md, "XSS"): script and HTML payloads planted where the operator's or the
 * feed's text reaches a bettor's screen — a news message (ops news), a client's name (ops
 * create-client) and an event's, series', runner's and fancy market's names (the scripted feed's
 * fixture-event) — then every screen that shows them is visited in Debian's Chromium at 1280 px.
 * Each payload must read as text; no script may run (a setter on `window.__xss`, installed before
 * any page script, counts every write the payloads attempt) and the page must raise no CSP
 * violation (the `securitypolicyviolation` event, in every frame, and Chromium's console). An
 * injected `<img onerror>` would be stopped by the CSP (script-src 'self') rather than run, so a
 * violation is as much a failure as an execution.
 *
 * Client names are usernames (the only name a client has); the contract refuses anything but
 * letters, digits, dots, dashes and underscores, so each payload there must be refused (400).
 */

const SUITE = 'hostile';
const PASSWORD = 'xss-password-1';
/** How many times every screen is visited (cold loads): more visits, more chances to run. */
const ROUNDS = scale(2, 1);

const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  link: '<a href="javascript:window.__xss=1">tap</a>',
  iframe: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  attribute: "' onmouseover='window.__xss=1' x='",
} as const;
const ALL = Object.values(PAYLOADS);

/** Chromium from Debian, never a downloaded browser; flags that keep it off the network. */
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * Runs before any page script in every frame: counts writes to `window.__xss` (what every payload
 * does when it runs) and reports CSP violations, both through the exposed binding.
 */
const PROBE = `(() => {
  const report = (kind, detail) => {
    try { window.__xssReport(kind, String(detail), String(location.href)); } catch {}
  };
  let value;
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get: () => value,
    set: (next) => { value = next; report('script', next); },
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    report('csp', event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sample + ' ' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber);
  }, true);
})();`;

/** The probes' control: a script that runs, and an injected inline handler the CSP must stop. */
const CONTROL = `window.__xss = 'control';
document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__xss=2">');`;

/** The elements the payloads would make if parsed as markup (the server's tsconfig has no DOM). */
const INJECTED = `(() => {
  const found = [];
  const query = (selector) => document.querySelectorAll(selector).length;
  if (query('img[src="x"]')) found.push('img[src=x]');
  if (query('svg[onload]')) found.push('svg[onload]');
  if (query('iframe[srcdoc]')) found.push('iframe[srcdoc]');
  if (query('a[href^="javascript:" i]')) found.push('a[href^=javascript:]');
  if (query('[onmouseover]')) found.push('[onmouseover]');
  for (const script of document.querySelectorAll('script'))
    if (script.textContent.includes('__xss')) found.push('inline script');
  return found;
})()`;

interface Shown {
  readonly vector: string;
  readonly screen: string;
  readonly payload: string;
  readonly asText: boolean;
}

let dataDir: string;
let server: ServerProcess;
let browser: Browser;
const tag = randomBytes(3).toString('hex');

async function ops<R = string>(
  command: string,
  data: object,
): Promise<{ status: number; body: { Status: boolean; Result: R } }> {
  const response = await fetch(`${server.base}/api/ops/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SERVER_OPS_TOKEN}` },
    body: JSON.stringify(data),
  });
  return {
    status: response.status,
    body: (await response.json()) as { Status: boolean; Result: R },
  };
}

async function mustOps<R = string>(command: string, data: object): Promise<R> {
  const answer = await ops<R>(command, data);
  if (!answer.body.Status)
    throw new Error(`ops ${command}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.Result;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'backlay-xss-'));
  await chmod(dataDir, 0o755);
  server = await startServer({ dataDir, env: { FEED: 'scripted' } });
  browser = await chromium.launch(LAUNCH);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('XSS payloads render as text', () => {
  it('shows news, names and market names as text with no script run and no CSP violation', async () => {
    // A client's name: every payload is refused by the contract's username rule.
    const refused: string[] = [];
    for (const [vector, payload] of Object.entries(PAYLOADS)) {
      const answer = await ops('create-client', { username: payload, password: PASSWORD });
      expect(answer.status, vector).toBe(400);
      expect(answer.body.Status).toBe(false);
      refused.push(vector);
    }
    const username = `xss_${tag}`;
    await mustOps('create-client', { username, password: PASSWORD, creditLimit: 10_000 });

    // News: each payload alone, then all of them in one message (the newest: the landing's).
    const news = ALL.map((payload, index) => `News ${index + 1} ${payload}`);
    const combined = `All ${ALL.join(' | ')}`;
    for (const message of [...news, combined]) await mustOps('news', { message });

    // An event whose every name is a payload.
    const event = {
      sportId: 4,
      seriesName: `Series ${PAYLOADS.script}`,
      name: `${PAYLOADS.img} v ${PAYLOADS.svg}`,
      runners: [PAYLOADS.link, PAYLOADS.iframe],
      fancy: [`Fancy ${PAYLOADS.attribute}`, `Fancy ${PAYLOADS.img}`],
      bookmaker: true,
      inPlay: true,
    };
    const { eventId } = await mustOps<{ eventId: number }>('fixture-event', event);
    const runners = (pairs: ReadonlyArray<readonly [number, number]>) =>
      pairs.map(([back, lay], index) => ({
        selectionId: eventId * 100 + index + 1,
        back: [{ price: back, size: 1000 }],
        lay: [{ price: lay, size: 800 }],
      }));
    const step = (payload: object) => mustOps('fixture-step', { eventId, step: payload });
    await step({
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: runners([
        [1.9, 1.92],
        [2.06, 2.1],
      ]),
    });
    await step({
      kind: 'prices',
      marketId: `${eventId}B`,
      runners: runners([
        [45, 95],
        [100, 120],
      ]),
    });
    await step({
      kind: 'fancy',
      rows: [
        { selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 },
        { selectionId: `${eventId}-2`, noLine: 60, noRate: 90, yesLine: 60, yesRate: 110 },
      ],
    });

    const executions: string[] = [];
    const violations: string[] = [];
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Asia/Kolkata',
      locale: 'en-IN',
      geolocation: { latitude: 19.076, longitude: 72.8777 },
      permissions: ['geolocation'],
    });
    await context.exposeBinding(
      '__xssReport',
      (_source, kind: string, detail: string, url: string) => {
        (kind === 'script' ? executions : violations).push(`${detail} at ${url}`);
      },
    );
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        violations.push(`console: ${message.text()}`);
    });
    const origin = `http://localhost:${server.port}`;
    const shown: Shown[] = [];

    // Control: the probes see a script that runs, and an injected handler the CSP stops.
    await page.goto(`${origin}/`);
    await page.evaluate(CONTROL);
    await expect.poll(() => executions.length).toBe(1);
    // Both witnesses: the page's event and Chromium's console.
    await expect
      .poll(() => [
        violations.some((v) => v.startsWith('console: ')),
        violations.some((v) => !v.startsWith('console: ')),
      ])
      .toEqual([true, true]);
    executions.length = 0;
    violations.length = 0;

    /** Whether the payload reads as text on the page: visible, its markup not parsed. */
    async function expectText(screen: string, vector: string, payload: string, within?: Locator) {
      const where = (within ?? page.getByRole('main')).getByText(payload, { exact: false }).first();
      let asText = true;
      try {
        await where.waitFor({ state: 'visible', timeout: 10_000 });
      } catch {
        asText = false;
      }
      shown.push({ vector, screen, payload, asText });
    }

    /** No element the payloads would have made exists in the document. */
    async function expectNoInjectedMarkup(screen: string) {
      const injected = await page.evaluate<string[]>(INJECTED);
      expect(injected, screen).toEqual([]);
    }

    for (let round = 0; round < ROUNDS; round += 1) {
      // The landing page, before login: the newest public news message.
      await page.goto(`${origin}/`);
      await expectText('landing', 'news', combined, page.getByRole('marquee'));
      await expectNoInjectedMarkup('landing');

      await page.goto(`${origin}/login`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL('**/home');
      // The rules modal comes once per browser session (docs/product.md#constants): on the first round only.
      if (round === 0) {
        const rules = page.getByRole('dialog', { name: 'Rules and Terms' });
        await rules.getByRole('button', { name: 'Accept' }).click();
      }

      // The header's marquee on every logged-in screen: the ticker carries every message.
      const marquee = page.getByRole('marquee');
      for (const message of [...news, combined])
        await expectText('ticker', 'news', message, marquee);
      await expectNoInjectedMarkup('home');

      await page.goto(`${origin}/news`);
      for (const message of [...news, combined]) {
        await expectText('news', 'news', message);
      }
      await expectNoInjectedMarkup('news');

      for (const screen of ['/inplay', '/match/4']) {
        await page.goto(`${origin}${screen}`);
        await expectText(screen, 'event name', event.name);
        await expectText(screen, 'series name', event.seriesName);
        await expectNoInjectedMarkup(screen);
      }

      await page.goto(`${origin}/market/4/${eventId}`);
      await expectText('event', 'event name', event.name);
      for (const runner of event.runners) await expectText('event', 'runner name', runner);
      for (const fancy of event.fancy) await expectText('event', 'fancy market name', fancy);
      // Hover and click every name: an injected handler would fire now.
      for (const name of [event.name, ...event.runners, ...event.fancy]) {
        const target = page.getByRole('main').getByText(name, { exact: false }).first();
        await target.hover({ timeout: 5000 });
        await target.click({ force: true, timeout: 5000 }).catch(() => undefined);
        if (!page.url().includes(`/market/4/${eventId}`)) await page.goBack();
      }
      await expectNoInjectedMarkup('event');

      // A bet on the payload runner: its name in the event's matched bets.
      if (round === 0) {
        const stored = await page.evaluate<string | null>(
          "localStorage.getItem('loginUserDetails')",
        );
        const login = JSON.parse(stored ?? 'null') as { Token: string } | null;
        expect(login).not.toBeNull();
        const bet = await fetch(`${server.base}/api/UserBetModels/PostUserBetModel`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${login!.Token}`,
            'idempotency-key': `xss-${tag}`,
          },
          body: JSON.stringify({
            sportsId: 4,
            SelectionName: PAYLOADS.link,
            SelectionID: String(eventId * 100 + 1),
            Price: 0,
            OldPrice: 0,
            MarketType: 'MATCH_ODDS',
            MarketId: `1.${eventId}`,
            EventId: eventId,
            BetStatus: 'Pending',
            ReturnBalance: 0,
            UserId: 0,
            Odds: 1.9,
            BetType: 'Back',
            Stack: 1000,
            OldStack: 1000,
            Exposure: 1000,
          }),
        });
        expect(await bet.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
        await page.reload();
        await expectText('event bets', 'runner name', PAYLOADS.link);
      }

      await page.goto(`${origin}/bethistory`);
      await page.waitForLoadState('networkidle');
      await expectNoInjectedMarkup('bethistory');

      // Log out (a fresh login next round, landing page included).
      await page.evaluate('localStorage.clear()');
    }
    await context.close();

    const asText = shown.filter((entry) => entry.asText).length;
    record({
      suite: SUITE,
      name: 'xss: script executions',
      value: executions.length,
      bar: '= 0',
      pass: executions.length === 0,
    });
    record({
      suite: SUITE,
      name: 'xss: CSP violations',
      value: violations.length,
      bar: '= 0',
      pass: violations.length === 0,
    });
    record({
      suite: SUITE,
      name: 'xss: payloads shown as text',
      value: `${asText}/${shown.length}`,
      bar: 'all',
      pass: asText === shown.length,
    });
    record({
      suite: SUITE,
      name: 'xss: client-name payloads refused (username rule)',
      value: `${refused.length}/${Object.keys(PAYLOADS).length}`,
      bar: 'all',
      pass: refused.length === Object.keys(PAYLOADS).length,
    });
    expect(executions).toEqual([]);
    expect(violations).toEqual([]);
    expect(shown.filter((entry) => !entry.asText)).toEqual([]);
  });
});

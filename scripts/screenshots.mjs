// Takes the screenshots kept in docs/screenshots/<screen>-<width>.png, in Debian's Chromium,
// against a running server: `node scripts/screenshots.mjs [baseUrl] [username] [password]`.
// `SHOTS=journeys` takes instead the screens only an e2e journey reaches (see journeyShots);
// `JOURNEYS=a,b` limits it to those journeys. `SHOTS=matka` retakes only the matka screens.
// `SHOTS=betfair` takes the event screen of Betfair's recorded cricket match (a server run with
// FEED=betfair-file on ../shared/feeds/betfair/1-180305278.bz2, docs/feeds.md).
// `SCREENS=landing,login` writes only the screens named (at both widths), and stops early once
// it has them if they are all public ones (landing, signup, network-error, screen-failure, login).
// It is the only writer of docs/screenshots: the tests keep theirs in their own output dir.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', username = 'demo1', password = 'Backlay@2026'] =
  process.argv.slice(2);
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const wanted = process.env.SCREENS ? new Set(process.env.SCREENS.split(',')) : null;
const PUBLIC_SCREENS = ['landing', 'signup', 'network-error', 'screen-failure', 'login'];
await mkdir(out, { recursive: true });

if (process.env.SHOTS === 'journeys') {
  await journeyShots();
  process.exit(0);
}

// Report data: with OPS_TOKEN set (the server's), settled, voided and open bets are made for the
// user first — through the API, before the browser logs in, since a new login ends the client's
// previous session. See seedReports at the end.
// SHOTS=matka retakes only the matka screens (no report data needed).
const matkaOnly = process.env.SHOTS === 'matka';
const betfairOnly = process.env.SHOTS === 'betfair';
if (process.env.OPS_TOKEN && !matkaOnly && !betfairOnly) await seedReports(process.env.OPS_TOKEN);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

for (const width of [1280, 375]) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width > 768 ? 800 : 812 },
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const shot = async (name) => {
    if (wanted && !wanted.has(name)) return;
    await page.screenshot({ path: `${out}${name}-${width}.png` });
  };

  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.waitForTimeout(300);
  await shot('landing');

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Join Now' }).waitFor();
  await shot('signup');

  await page.goto('/network_err?statusCode=502');
  await page.getByText('Error Code 502').waitFor();
  await shot('network-error');

  // A screen whose chunk cannot load (the sign-up page's, refused here) says so, with Retry; in a
  // context of its own without the service worker, which would answer from its cache.
  if (!wanted || wanted.has('screen-failure')) {
    const failing = await browser.newContext({
      baseURL: base,
      viewport: { width, height: width > 768 ? 800 : 812 },
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
    });
    const failingPage = await failing.newPage();
    await failingPage.route(/\/assets\/signup-[^/]*\.js$/, (route) => route.abort());
    await failingPage.goto('/signup');
    await failingPage.getByRole('alert').getByRole('button', { name: 'Retry' }).waitFor();
    await failingPage.screenshot({ path: `${out}screen-failure-${width}.png` });
    await failing.close();
  }

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await shot('login');
  if (wanted && [...wanted].every((name) => PUBLIC_SCREENS.includes(name))) {
    await context.close();
    continue;
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
  // The rules modal greets the first entry of the session.
  const rules = page.getByRole('dialog', { name: 'Rules and Terms' });
  await rules.waitFor();
  await page.waitForTimeout(300);
  await shot('rules-modal');
  await rules.getByRole('button', { name: 'Accept' }).click();
  if (matkaOnly) {
    await matkaShots();
    await context.close();
    continue;
  }
  if (betfairOnly) {
    // Betfair's own ids: event 30339025, match odds 1.180305278 (Mumbai v Saurashtra).
    await page.setViewportSize({ width, height: width > 768 ? 900 : 812 });
    await page.goto('/market/4/30339025');
    await page.getByTestId('runner-row').first().waitFor();
    await page.waitForTimeout(500);
    await shot('event-betfair');
    await context.close();
    continue;
  }
  await page.getByRole('link', { name: 'Cricket' }).first().waitFor();
  // The In-Play board under the cards, its prices in: the whole page.
  await page.getByRole('region', { name: 'In-Play' }).getByTestId('market-row').first().waitFor();
  await page.waitForFunction(
    () => !globalThis.document.querySelector('[data-testid="market-row"] [aria-label$=": none"]'),
  );
  // A viewport as tall as the page (not fullPage, which draws the phone's fixed footer menu
  // over the middle of the page).
  const pageHeight = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: pageHeight });
  await page.waitForTimeout(300);
  await shot('home');
  await page.setViewportSize({ width, height: width > 768 ? 800 : 812 });

  // SHOTS=markets takes only the home, list, event and live TV screens (after a fresh start, say).
  const marketsOnly = process.env.SHOTS === 'markets';
  if (!marketsOnly) await chromeShots(page, width, shot);
  if (process.env.SHOTS === 'chrome') {
    await context.close();
    continue;
  }

  if (!marketsOnly) await walletAndMenuShots();
  async function walletAndMenuShots() {
    await page.getByRole('button', { name: /^W:/ }).click();
    await page.getByTestId('wallet-balance').waitFor();
    await page.waitForFunction(
      () =>
        !globalThis.document
          .querySelector('[data-testid="wallet-balance"]')
          ?.textContent?.includes('…'),
    );
    await shot('home-wallet');

    if (width <= 768) {
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('button', { name: 'Report' }).click();
      await shot('home-sidebar');
      await page.getByRole('button', { name: 'Report' }).click();
      await page.getByRole('button', { name: 'Cricket' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button').nth(5).click();
      await shot('home-sidebar-cricket');
    }
    // The user menu (home-user-menu-<width>, its Data saver switch on) is e2e/data-saver.spec.ts's.
  }

  // The market lists with live prices: the simulator opens with matches in play.
  const marketsShown = async () => {
    await page.getByTestId('market-row').first().waitFor();
    await page.waitForFunction(
      () => !globalThis.document.querySelector('[data-testid="market-row"] [aria-label$=": none"]'),
    );
    await page.waitForTimeout(300);
  };
  await page.goto('/inplay');
  await marketsShown();
  await shot('inplay');
  for (const sportId of [4, 1, 2]) {
    await page.goto(`/match/${sportId}`);
    await marketsShown();
    await shot(`match-${sportId}`);
  }
  // The event screens: an in-play cricket event with fancy rows, a soccer and a tennis event,
  // on a taller viewport so the markets, the fancy list and the side column show.
  const eventOf = (sportId) =>
    page.evaluate(async (sport) => {
      const { Token } = JSON.parse(localStorage.getItem('loginUserDetails') ?? '{}');
      const get = async (url) =>
        (await fetch(url, { headers: { authorization: `Bearer ${Token}` } })).json();
      const list = (await get(`/api/MarketModels/GetMarketList?sportsId=${sport}`)).Result ?? [];
      const inPlay = list.filter((item) => item.MarketStatus === 1);
      if (sport !== 4) return (inPlay[0] ?? list[0])?.EventId;
      // The cricket event showing the most fancy rows.
      let best = { eventId: list[0]?.EventId, rows: -1 };
      for (const event of inPlay) {
        const fancy = await get(`/api/Odds/BmFancy/${event.EventId}`);
        const rows = (fancy.Result?.fancyList ?? []).length;
        if (rows > best.rows) best = { eventId: event.EventId, rows };
      }
      return best.eventId;
    }, sportId);
  await page.setViewportSize({ width, height: width > 768 ? 1300 : 1500 });
  for (const sportId of [4, 1, 2]) {
    const eventId = await eventOf(sportId);
    if (eventId === undefined) throw new Error(`no event of sport ${sportId} to show`);
    await page.goto(`/market/${sportId}/${eventId}`);
    await page.getByTestId('runner-row').first().waitFor();
    await page.waitForFunction(
      () => !globalThis.document.querySelector('[data-testid="runner-row"] [aria-label$=": none"]'),
    );
    if (sportId === 4) {
      await page.getByTestId('fancy-row').first().waitFor();
      await page.getByRole('button', { name: /Live TV/ }).click();
    }
    await page.waitForTimeout(300);
    await shot(`event-${sportId}`);
    if (sportId === 4) await liveTvShot();
  }
  // The live TV page itself on its own origin, as a visitor sees it in a 16:9 window (as
  // e2e/tv.spec.ts opens it), once it has drawn the match's score.
  async function liveTvShot() {
    const src = await page.locator('iframe[title^="Live TV"]').getAttribute('src');
    const tv = await context.newPage();
    await tv.setViewportSize({ width, height: Math.round((width * 9) / 16) });
    await tv.goto(src);
    await tv
      .getByLabel('Score')
      .getByText(/^\d+\/\d+$/)
      .first()
      .waitFor();
    await tv.waitForTimeout(300);
    await tv.screenshot({ path: `${out}live-tv-${width}.png` });
    await tv.close();
  }
  await page.setViewportSize({ width, height: width > 768 ? 800 : 812 });
  if (marketsOnly) {
    await context.close();
    continue;
  }

  // The bet slip, open on match odds and then on a fancy row of the in-play cricket event, a chip
  // added to the stake; taken well inside the slip's 10 s.
  {
    const eventId = await eventOf(4);
    await page.goto(`/market/4/${eventId}`);
    const slip = page.getByRole('region', { name: 'Bet slip' });
    const open = async (cells) => {
      const cell = page.locator(cells).first();
      await cell.waitFor();
      await cell.click();
      await slip.getByRole('list', { name: 'Stake chips' }).getByRole('button').nth(1).click();
      await page.waitForTimeout(300);
    };
    await open('[data-testid="runner-row"] button[aria-label^="Back "]:not(:disabled):visible');
    await shot('bet-slip-match');
    await open('[data-testid="fancy-row"] button[aria-label^="Yes "]:not(:disabled):visible');
    await shot('bet-slip-fancy');
  }

  await page.goto('/news');
  await page.getByRole('table').waitFor();
  await page.waitForTimeout(300);
  await shot('news');

  // The reports (data from seedReports): each screen once its table has arrived.
  const report = async (label) => {
    await page.getByRole('region', { name: label }).waitFor();
    await page.waitForTimeout(300);
  };
  await page.goto('/ac_statement');
  await report('Account statement');
  await shot('ac-statement');
  await page.goto('/profit-loss');
  await report('Profit and loss');
  await shot('profit-loss');
  await page.getByRole('region', { name: 'Profit and loss' }).getByRole('link').first().click();
  await report('Results by market');
  await shot('showmatchbet');
  await page.getByRole('region', { name: 'Results by market' }).getByRole('link').last().click();
  await report('Bets');
  await shot('betting-history');
  await page.goto('/bethistory');
  await report('Bet history');
  await shot('bethistory');
  await page.goto('/mymarket');
  await report('My markets');
  await shot('mymarket');

  await matkaShots();
  await context.close();

  // Matka: the games, the board of an open game with each form's confirm step, the lists.
  async function matkaShots() {
    await page.goto('/matka_market');
    await page.getByRole('link', { name: /Open/ }).first().waitFor();
    await shot('matka-market');
    await page.getByRole('link', { name: /Open/ }).first().click();
    await page.getByRole('form', { name: 'Paste' }).waitFor();
    await shot('matka-board');
    const confirmShot = async (name) => {
      await page.getByRole('table', { name: 'Bets to place' }).waitFor();
      await shot(name);
      await page.getByRole('button', { name: 'Cancel' }).click();
    };
    await page
      .getByRole('form', { name: 'Paste' })
      .getByLabel('Numbers@Amount')
      .fill('45-46-50@100');
    await page
      .getByRole('form', { name: 'Paste' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await confirmShot('matka-paste');
    const crossing = page.getByRole('form', { name: 'Crossing' });
    await crossing.getByRole('button', { name: 'Row A 1', exact: true }).click();
    await crossing.getByRole('button', { name: 'Row B 3', exact: true }).click();
    await crossing.getByLabel('Amount').fill('50');
    await crossing.getByRole('button', { name: 'Confirm' }).click();
    await confirmShot('matka-crossing');
    const harup = page.getByRole('form', { name: 'Harup' });
    await harup.getByRole('button', { name: 'Harup A 5555', exact: true }).click();
    // Both rows give 55: the confirm lists it once, with both tenths.
    await harup.getByRole('button', { name: 'Harup B 555', exact: true }).click();
    await harup.getByLabel('Amount').fill('100');
    await harup.getByRole('button', { name: 'Confirm' }).click();
    await confirmShot('matka-harup');
    await page.goto('/makta_bethistory');
    await page.waitForTimeout(500);
    await shot('matka-result');
    await page.goto('/matka-profit-loss');
    await page.waitForTimeout(500);
    await shot('matka-profit-loss');
  }
}
await browser.close();

/**
 * The casino lobby and a game, the page footer and the brands. The brand shots use
 * `skyexch.localhost`, which Chromium resolves to this machine; `SHOTS=chrome` takes only these
 * (and the login, rules and home shots before them).
 */
async function chromeShots(page, width, shot) {
  await page.goto('/casinolist');
  await page.getByRole('main').getByRole('link', { name: 'Lottery' }).waitFor();
  await page.waitForFunction(() =>
    [...globalThis.document.querySelectorAll('main img')].every((image) => image.complete),
  );
  await shot('casinolist');

  await page.getByRole('main').getByRole('link', { name: '7 Up Down' }).click();
  await page
    .frameLocator('iframe[title="7 Up Down casino game"]')
    .getByRole('button', { name: /^Up/ })
    .waitFor();
  await page.getByText(/^Opening 7 Up Down/).waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  await shot('casino-game');

  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('img', { name: 'UPI' }).waitFor();
  await page.evaluate(() => globalThis.scrollTo(0, globalThis.document.body.scrollHeight));
  await page.waitForTimeout(300);
  await shot('footer');

  // A visitor's own browser: the landing page shows only to someone not logged in.
  const visitor = await browser.newContext({
    viewport: page.viewportSize(),
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
  const brandPage = await visitor.newPage();
  const brandShot = async (name) => {
    await brandPage.getByRole('link', { name: 'Login' }).first().waitFor();
    await brandPage.waitForTimeout(500);
    await brandPage.screenshot({ path: `${out}${name}-${width}.png` });
  };
  const sky = new URL(base);
  sky.hostname = `skyexch.${sky.hostname}`;
  await brandPage.goto(sky.href);
  await brandPage.waitForFunction(() => globalThis.document.title.startsWith('SkyExch'));
  await brandShot('brand-skyexch');
  if (width > 768) {
    await brandPage.goto(base);
    await brandShot('brand-default');
  }
  await visitor.close();
}

/**
 * The screens only an e2e journey reaches — the scripted feed's fixtures, a bet delay, a stalled
 * hub, the back office: built and run as `npm run test:e2e` runs them, each journey keeps its
 * <screen>-<width>.png in a fresh output dir, and they are copied here. The journeys start a
 * server of their own (e2e/playwright.config.ts): the base URL is not used. `bethistory` too
 * comes from a journey (e2e/reports.spec.ts) this way.
 */
async function journeyShots() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const node = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (node([join(root, 'scripts/build.mjs')]).status !== 0) throw new Error('the build failed');
  const results = await mkdtemp(join(tmpdir(), 'backlay-shots-'));
  // JOURNEYS=safer,betslip retakes only those journeys' screens.
  const journeys = (
    process.env.JOURNEYS?.split(',') ?? [
      'agent-console',
      'backoffice',
      'betslip',
      'cash-out',
      'data-saver',
      'exchange-mechanics',
      'keyboard',
      'markets-more',
      'matka-live',
      'pwa',
      'reports',
      'safer',
      'shell',
      'stale',
      'toasts',
      'what-if',
    ]
  ).map((name) => `e2e/${name}.spec.ts`);
  const run = node([
    join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    'e2e/playwright.config.ts',
    '--output',
    results,
    ...journeys,
  ]);
  if (run.status !== 0) throw new Error('a journey failed: no screenshot copied');
  // <screen>-<width>.png, never a failure's test-failed-<n>.png.
  const shots = (await readdir(results, { recursive: true })).filter((file) =>
    /^[a-z0-9-]+-\d{3,4}\.png$/.test(basename(file)),
  );
  for (const file of shots) await copyFile(join(results, file), join(out, basename(file)));
  await rm(results, { recursive: true, force: true });
  console.log(`${shots.length} journey screenshots in ${out}`);
}

/**
 * Bets for the report screens, made as `e2e/reports.spec.ts` makes them: Lions v Tigers settled
 * (back 1000 at 1.90, lay 500 at 2.10; Lions won, +350), Panthers v Jaguars with a fancy session
 * won and the match lost, a voided match, and two open markets (one with a draw) for My Market.
 */
async function seedReports(opsToken) {
  const call = async (path, body, token) => {
    const response = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.Status) throw new Error(`${path}: ${JSON.stringify(answer.Result)}`);
    return answer;
  };
  const ops = async (command, body) => (await call(`/api/ops/${command}`, body, opsToken)).Result;
  const { data: login } = await call('/api/Authenticate/ValidLogin', {
    username,
    password,
    LatLong: '19.07,72.87',
  });
  const event = async (sportId, runners, fancy = []) => {
    const { eventId } = await ops('fixture-event', {
      sportId,
      seriesName: sportId === 4 ? 'Report Cup' : 'Report League',
      name: `${runners[0]} v ${runners[1]}`,
      runners,
      inPlay: true,
      fancy,
    });
    await ops('fixture-step', {
      eventId,
      step: {
        kind: 'prices',
        marketId: `1.${eventId}`,
        runners: runners.map((_, index) => ({
          selectionId: eventId * 100 + index + 1,
          back: [{ price: 1.9, size: 5000 }],
          lay: [{ price: 2.1, size: 5000 }],
        })),
      },
    });
    return eventId;
  };
  const bet = (eventId, sportsId, runner, name, betType, stack, odds) =>
    call(
      '/api/UserBetModels/PostUserBetModel',
      {
        sportsId,
        SelectionName: name,
        SelectionID: String(eventId * 100 + runner),
        Odds: odds,
        Price: 0,
        OldPrice: 0,
        OldStack: stack,
        MarketType: 'MATCH_ODDS',
        MarketId: `1.${eventId}`,
        EventId: eventId,
        BetType: betType,
        BetStatus: 'Pending',
        Stack: stack,
        Exposure: betType === 'Back' ? stack : Math.round(stack * (odds - 1) * 100) / 100,
        ReturnBalance: 0,
        UserId: 0,
      },
      login.Token,
    );

  const lions = await event(4, ['Lions', 'Tigers']);
  await bet(lions, 4, 1, 'Lions', 'Back', 1000, 1.9);
  await bet(lions, 4, 1, 'Lions', 'Lay', 500, 2.1);
  await ops('declare-result', { marketId: `1.${lions}`, winnerSelectionId: lions * 100 + 1 });

  const voided = await event(4, ['Eagles', 'Falcons']);
  await bet(voided, 4, 2, 'Falcons', 'Back', 700, 1.9);
  await ops('void-market', { target: `1.${voided}`, reason: 'Abandoned' });

  const panthers = await event(4, ['Panthers', 'Jaguars'], ['6 over runs Panthers']);
  await ops('fixture-step', {
    eventId: panthers,
    step: {
      kind: 'fancy',
      rows: [
        {
          selectionId: `${panthers}-1`,
          noLine: 50,
          noRate: 100,
          yesLine: 50,
          yesRate: 100,
        },
      ],
    },
  });
  await call(
    '/api/UserBetModels/PostFancyBetModel',
    {
      sportsId: 4,
      SelectionName: '6 over runs Panthers',
      SelectionID: `${panthers}-1`,
      Odds: 50,
      Price: 100,
      OldPrice: 100,
      OldStack: 200,
      MarketType: 'FANCY',
      MarketId: String(panthers),
      EventId: panthers,
      BetType: 'Yes',
      BetStatus: 'Pending',
      Stack: 200,
      Exposure: 200,
      ReturnBalance: 0,
      UserId: 0,
    },
    login.Token,
  );
  await bet(panthers, 4, 1, 'Panthers', 'Back', 800, 1.9);
  await ops('declare-result', { eventId: panthers, selectionId: `${panthers}-1`, runs: 57 });
  await ops('declare-result', { marketId: `1.${panthers}`, winnerSelectionId: panthers * 100 + 2 });

  const royals = await event(4, ['Royals', 'Titans']);
  await bet(royals, 4, 1, 'Royals', 'Back', 2000, 1.9);
  await bet(royals, 4, 2, 'Titans', 'Lay', 600, 2.1);
  const rovers = await event(1, ['Rovers', 'United', 'The Draw']);
  await bet(rovers, 1, 1, 'Rovers', 'Back', 1500, 1.9);
  await bet(rovers, 1, 3, 'The Draw', 'Back', 500, 1.9);
}
console.log(`screenshots in ${out}`);

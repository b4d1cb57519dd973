import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiGet,
  expect,
  logIn,
  OPS_TOKEN,
  sessionOf,
  test,
  type ApiSession,
  PHONE,
} from './fixtures';
import { clockOffsetMs } from './support/clock';

/**
 * The live board: unlike the other journeys, these watch the simulator (FEED=simulator) play in
 * real time on a server of their own, started fresh by this file. The seed fixes the matches'
 * story; the observation windows are deliberate, since real-time behaviour is the subject.
 */

/**
 * A free port, chosen when the module loads (as playwright.config.ts does), so that `test.use`
 * can point every page and API call of this file at this file's server.
 */
const PORT = Number(
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString(),
);
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = join(tmpdir(), `backlay-e2e-live-${PORT}`);
const REPO = fileURLToPath(new URL('..', import.meta.url));
/**
 * The seed fixes the matches' story. With 42, the T20 in its 14th over bowls from the start, a
 * ball about every 40 s, and its over lasts well past the watching journey's minute.
 */
const SIM_SEED = '42';

const DEMO = { username: 'demo1', password: 'Backlay@2026' } as const;
const CRICKET = 4;
/** The session minimum is 100; 137 makes the rate's amount a figure with paise (137 × 85 = 116.45). */
const STAKE = 137;
/** The first bowled ball, a suspension and its reopening fit in a minute of a mid-over T20. */
const WATCH_MS = 60_000;
/** A ball in flight or a wicket suspends the rows for seconds; a bet waits for the next window. */
const BET_WINDOW_MS = 120_000;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE_URL });

let server: ChildProcess | undefined;
/** performance.now() when /api/health first answered 200. */
let healthyAt = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO,
    // The start-up banner goes to stdout; warnings and errors to stderr, shown with the run.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      FEED: 'simulator',
      SIM_SEED,
      SEED_DEMO: '1',
      OPS_TOKEN,
      LOG_LEVEL: 'warn',
      // Every call of the file comes from one address (see playwright.config.ts).
      RATE_LIMIT_PER_MIN: '100000',
      CASINO_PORT: '0',
      TV_PORT: '0',
      CLOCK_OFFSET_MS: String(clockOffsetMs()),
    },
  });
  healthyAt = await firstHealthy(server);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (server) await stop(server);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Polls /api/health until it first answers 200 and answers that moment. */
async function firstHealthy(child: ChildProcess): Promise<number> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${BASE_URL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now();
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

/** SIGTERM lets the server drain and stop its PostgreSQL; a SIGKILL only if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const late = sleep(20_000, 'late' as const, { ref: false });
  if ((await Promise.race([exited, late])) === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

const secondsSince = (start: number) => Math.round((performance.now() - start) / 100) / 10;

/** Logs a demo client in through the API (for journeys with no page). */
async function apiLogIn(request: APIRequestContext, username: string): Promise<ApiSession> {
  const response = await request.post('/api/Authenticate/ValidLogin?ipAddress=', {
    data: { username, password: DEMO.password, LatLong: '19.076,72.8777' },
  });
  const body = (await response.json()) as {
    Status: boolean;
    data?: { Token: string; uid: number };
  };
  expect(body.Status, JSON.stringify(body)).toBe(true);
  return { token: body.data!.Token, uid: body.data!.uid };
}

interface ListItem {
  readonly SportsId: number;
  readonly EventId: number;
  readonly MarketId: string;
  readonly MarketName: string;
  readonly MarketStatus: 0 | 1;
}
const inPlayMarkets = async (request: APIRequestContext, session: ApiSession, sportsId = 0) =>
  (
    await apiGet<{ Result: ListItem[] }>(
      request,
      session,
      `/api/MarketModels/GetMarketList?sportsId=${sportsId}`,
    )
  ).Result.filter((item) => item.MarketStatus === 1);

interface PriceSize {
  readonly price: number;
  readonly size: number;
}
interface Book {
  readonly marketId: string;
  readonly runners: {
    readonly selectionId: number;
    readonly ex: { availableToBack: PriceSize[]; availableToLay: PriceSize[] };
  }[];
}
/** Each runner's best back and lay, price and size: what the list screens show. */
async function bestPrices(request: APIRequestContext, session: ApiSession, marketIds: string[]) {
  const books = await apiGet<{ Result: Book[] }>(
    request,
    session,
    `/api/MarketModels/GetRates?marketids=${marketIds.join(',')}`,
  );
  return JSON.stringify(
    books.Result.map((book) => [
      book.marketId,
      book.runners.map(({ selectionId, ex }) => [
        selectionId,
        ex.availableToBack[0] ?? null,
        ex.availableToLay[0] ?? null,
      ]),
    ]),
  );
}

interface CricketScore {
  readonly Innings: { readonly Team: string; readonly Summary: string; readonly Overs: string }[];
  readonly CurrentOver: { readonly Balls: string[] };
}
const T20_BALLS = 120;
const ballsOf = (overs: string) => {
  const [whole = 0, part = 0] = overs.split('.').map(Number);
  return whole * 6 + part;
};
/**
 * An innings is being bowled: the last innings has balls and wickets left, and a chase has not
 * passed its target (otherwise it is an innings break or the end of the match).
 */
function isBowling(score: CricketScore | null): score is CricketScore {
  const innings = score?.Innings ?? [];
  const last = innings.at(-1);
  if (last === undefined) return false;
  const [runs = 0, wickets = 0] = last.Summary.split('/').map(Number);
  const first = innings.length === 2 ? Number(innings[0]!.Summary.split('/')[0]) : Infinity;
  return ballsOf(last.Overs) < T20_BALLS && wickets < 10 && runs <= first;
}

/**
 * Legal balls still to come in the over being bowled; 0 between overs (an empty current over),
 * where the next ball may be a minute and a half away.
 */
const ballsLeftInOver = (score: CricketScore) =>
  score.CurrentOver.Balls.length === 0 ? 0 : 6 - (ballsOf(score.Innings.at(-1)!.Overs) % 6);

/**
 * An in-play T20 that is bowling, the one with the most balls left in its over: balls come every
 * 35–45 s within an over, and the one in flight as we look may be its last.
 */
async function bowlingT20(
  request: APIRequestContext,
  session: ApiSession,
): Promise<{ eventId: number; score: CricketScore }> {
  let chosen: { eventId: number; score: CricketScore } | undefined;
  await expect
    .poll(
      async () => {
        const bowling: { eventId: number; score: CricketScore }[] = [];
        for (const { EventId } of await inPlayMarkets(request, session, CRICKET)) {
          const score = (
            await apiGet<{ Result: CricketScore | null }>(
              request,
              session,
              `/api/Score/Cricket/${EventId}`,
            )
          ).Result;
          if (isBowling(score)) bowling.push({ eventId: EventId, score });
        }
        chosen = bowling.sort((a, b) => ballsLeftInOver(b.score) - ballsLeftInOver(a.score))[0];
        return chosen;
      },
      { message: 'an in-play T20 that is bowling', timeout: 15_000 },
    )
    .toBeDefined();
  return chosen!;
}

const slipOf = (page: Page) => page.getByRole('region', { name: 'Bet slip' });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openEvent(page: Page, eventId: number) {
  await page.goto(`/market/${CRICKET}/${eventId}`);
  await expect(page.getByRole('region', { name: 'Match Odds' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Score' })).toBeVisible();
  await expect(page.getByTestId('fancy-row').first()).toBeVisible();
}

test('a fresh start: a market in play within 10 s of health, its prices moving within 15 s', async ({
  request,
}) => {
  const session = await apiLogIn(request, 'demo2');
  let inPlay: ListItem[] = [];
  await expect
    .poll(
      async () => {
        inPlay = await inPlayMarkets(request, session);
        return inPlay.length;
      },
      {
        message: 'a market in play within 10 s of the first healthy answer',
        timeout: Math.max(1, 10_000 - (performance.now() - healthyAt)),
        intervals: [100],
      },
    )
    .toBeGreaterThan(0);
  const toInPlay = secondsSince(healthyAt);

  const marketIds = inPlay.map((item) => item.MarketId);
  const first = await bestPrices(request, session, marketIds);
  await expect
    .poll(async () => bestPrices(request, session, marketIds), {
      message: 'an in-play best price or size changes within 15 s of the first healthy answer',
      timeout: Math.max(1, 15_000 - (performance.now() - healthyAt)),
      intervals: [250],
    })
    .not.toBe(first);
  const toPriceChange = secondsSince(healthyAt);

  test.info().annotations.push(
    { type: 'seconds from health to a market in play', description: String(toInPlay) },
    { type: 'seconds from health to an in-play price change', description: String(toPriceChange) },
    {
      type: 'in play at start',
      description: inPlay.map((item) => `${item.SportsId}:${item.MarketName}`).join('; '),
    },
  );
});

/** What the page's watcher saw, from the moment it was installed. */
interface Watched {
  /** Changes of a price or a size shown in a market table or a fancy row (each figure once). */
  readonly figures: number;
  /** The score's overs and this over's balls, each time they changed, @ ms into the window. */
  readonly balls: string[];
  /** Suspended (true) and reopened (false), each time the event's betting turned. */
  readonly turns: { readonly at: number; readonly isSuspended: boolean }[];
}
declare global {
  interface Window {
    liveWatch?: Watched;
  }
}

/**
 * Installs a MutationObserver that, at each DOM change, reads every rendered odds cell of the
 * market tables and fancy rows, the score panel, and whether betting is suspended: the
 * bookmaker's band, or a fancy row's 'Ball Running' band.
 */
async function watch(page: Page, bookmakerId: string) {
  await page.evaluate((bookmaker) => {
    const start = performance.now();
    const state = { figures: 0, balls: [] as string[], turns: [] as Watched['turns'][number][] };
    const shown = new Map<string, readonly (string | null)[]>();
    let score = '';
    let isSuspended: boolean | null = null;
    const sample = () => {
      const cells = document.querySelectorAll<HTMLElement>(
        '[data-testid="runner-row"] [data-side], [data-testid="fancy-row"] [data-side]',
      );
      for (const cell of cells) {
        if (!cell.checkVisibility()) continue;
        const market = cell.closest('[data-market-id]')?.getAttribute('data-market-id') ?? 'fancy';
        const selection = cell.closest('[data-selection-id]')?.getAttribute('data-selection-id');
        // Match odds show three levels a side on wide screens: the level is part of the key.
        const row = cell.closest('[data-selection-id]');
        const level = row
          ? [...row.querySelectorAll(`[data-side="${cell.dataset.side}"]`)].indexOf(cell)
          : 0;
        const key = `${market}/${selection}/${cell.dataset.side}/${level}`;
        const figures = [...cell.querySelectorAll('[data-testid^="odds-"]')].map(
          (figure) => figure.textContent,
        );
        const before = shown.get(key);
        if (before) state.figures += figures.filter((figure, i) => figure !== before[i]).length;
        shown.set(key, figures);
      }
      const panel = document.querySelector('section[aria-label="Score"]');
      if (panel) {
        const overs = [...panel.querySelectorAll('tbody tr td:nth-of-type(2)')].map(
          (cell) => cell.textContent,
        );
        const over = [...panel.querySelectorAll('ol[aria-label="This over"] li')].map(
          (ball) => ball.textContent,
        );
        const now = `${overs.join(' / ')} [${over.join(' ')}]`;
        if (score !== '' && now !== score)
          state.balls.push(`${now} @${Math.round(performance.now() - start)}`);
        score = now;
      }
      const bands = [
        ...document.querySelectorAll(
          `section[data-market-id="${bookmaker}"] [data-testid="suspended-band"]`,
        ),
        ...[
          ...document.querySelectorAll('[data-testid="fancy-row"] [data-testid="suspended-band"]'),
        ].filter((band) => band.textContent === 'Ball Running'),
      ];
      const suspended = bands.length > 0;
      if (isSuspended !== null && suspended !== isSuspended)
        state.turns.push({ at: Math.round(performance.now() - start), isSuspended: suspended });
      isSuspended = suspended;
    };
    sample();
    new MutationObserver(sample).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    window.liveWatch = state;
  }, bookmakerId);
}

test('watching a live T20 for a minute: balls, moving prices, a suspension and a reopening', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO);
  const session = await sessionOf(page);
  const { eventId, score } = await bowlingT20(request, session);
  await openEvent(page, eventId);
  await expect(page.getByRole('region', { name: 'Bookmaker' })).toHaveAttribute(
    'data-market-id',
    `${eventId}B`,
  );
  // The screen shows the innings being bowled.
  await expect(page.getByRole('region', { name: 'Score' }).getByRole('rowheader')).toHaveText(
    score.Innings.map((innings) => innings.Team),
  );

  await watch(page, `${eventId}B`);
  // The observation window: the feed plays in real time and the page is watched meanwhile.
  await page.waitForTimeout(WATCH_MS);
  const watched = await page.evaluate(() => window.liveWatch!);

  const suspendedAt = watched.turns.find((turn) => turn.isSuspended)?.at;
  const reopenedAt = watched.turns.find(
    (turn) => !turn.isSuspended && suspendedAt !== undefined && turn.at > suspendedAt,
  )?.at;
  test.info().annotations.push(
    {
      type: 'event watched',
      description: `${eventId} at ${score.Innings.at(-1)!.Overs} [${score.CurrentOver.Balls.join(' ')}]`,
    },
    { type: 'price or size changes in 60 s', description: String(watched.figures) },
    { type: 'balls (score changes)', description: watched.balls.join(' → ') },
    {
      type: 'suspensions / reopenings (ms into the window)',
      description: watched.turns
        .map((turn) => `${turn.isSuspended ? 'suspended' : 'reopened'}@${turn.at}`)
        .join(', '),
    },
  );
  expect(watched.balls.length, 'balls bowled in the score').toBeGreaterThanOrEqual(1);
  expect(watched.figures, 'visible price or size changes').toBeGreaterThanOrEqual(20);
  expect(suspendedAt, 'a suspension').toBeDefined();
  expect(reopenedAt, 'a reopening after it').toBeDefined();
});

type FancySide = 'No' | 'Yes';
/** docs/product.md#event-screen: No is the lay side (the pink cell), Yes the back side. */
const cellSide = (side: FancySide) => (side === 'No' ? 'lay' : 'back');

/** Fancy rows open on that side whose rate (the small figure) is not 100, by selection id. */
const rateRows = (page: Page, side: FancySide) =>
  page.getByTestId('fancy-row').evaluateAll(
    (rows, attribute) =>
      rows.flatMap((row) => {
        const cell = row.querySelector<HTMLButtonElement>(`button[data-side="${attribute}"]`);
        const rate = cell?.querySelector('[data-testid="odds-size"]')?.textContent ?? '';
        return cell && !cell.disabled && rate !== '' && rate !== '100'
          ? [row.getAttribute('data-selection-id')!]
          : [];
      }),
    cellSide(side),
  );

/** Paise as the slip shows rupees: two decimals, Indian grouping. */
const money = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    paise / 100,
  );

interface FancyBetRecord {
  readonly BetType: string;
  readonly Odds: number;
  readonly Price: number;
  readonly Stack: number;
  readonly BetStatus: string;
  /** The bet's liability, in rupees. */
  readonly Exposure: number;
  /** The bet's profit while it is Pending, in rupees. */
  readonly ReturnBalance: number;
}

/**
 * Bets the stake on a fancy row at a rate other than 100 through the slip, retrying while a ball
 * running or a new line refuses it, and checks the slip's and the server's figures against
 * docs/product.md#validation-calculations: amount = rate × stake / 100; No wins the amount and risks the stake, Yes wins the
 * stake and risks the amount.
 */
async function betAtARate(
  page: Page,
  request: APIRequestContext,
  session: ApiSession,
  eventId: number,
  side: FancySide,
) {
  const slip = slipOf(page);
  const deadline = performance.now() + BET_WINDOW_MS;
  const refusals: string[] = [];
  for (;;) {
    let selectionId: string | undefined;
    await expect
      .poll(async () => (selectionId = (await rateRows(page, side))[0]), {
        message: `an open fancy row with a ${side} rate other than 100`,
        timeout: Math.max(1, deadline - performance.now()),
      })
      .toBeDefined();
    const row = page.locator(`[data-testid="fancy-row"][data-selection-id="${selectionId}"]`);
    // A ball or a wicket may close the row meanwhile (a wicket's row then goes): look again.
    const isChosen = await row
      .getByRole('button', { name: new RegExp(`^${side} \\d`) })
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!isChosen) continue;
    await expect(slip.getByTestId('slip-side')).toHaveText(side);
    await slip.getByRole('switch', { name: 'Confirm bet before placing' }).setChecked(false);
    await slip.getByLabel('STAKE', { exact: true }).fill(String(STAKE));
    // The slip says '<line> (<rate>)': the price the bet is offered at.
    const odds = (await slip.getByTestId('slip-odds').textContent()) ?? '';
    expect(odds).toMatch(/^\d+ \(\d+\)$/);
    const [line = '', rate = ''] = odds.replace(/[()]/g, '').split(' ');
    expect(Number(rate), 'a rate other than 100').not.toBe(100);
    const amount = Number(rate) * STAKE; // in paise: rate × stake / 100 rupees
    const [profit, liability] = side === 'No' ? [amount, STAKE * 100] : [STAKE * 100, amount];
    await expect(slip.getByTestId('slip-profit')).toHaveText(money(profit));
    const place = slip.getByRole('button', { name: /^Place Bet with Liability / });
    await expect(place).toHaveText(`Place Bet with Liability ${money(liability)}`);

    const booked = async () =>
      (
        await apiGet<{ Result: FancyBetRecord[] }>(
          request,
          session,
          `/api/UserBetModels/GetFancyBetsOfUser?marketId=${eventId}&userId=${session.uid}&selectionId=${selectionId}`,
        )
      ).Result;
    const before = (await booked()).length;
    const answered = page.waitForResponse((response) =>
      response.url().includes('/api/UserBetModels/PostFancyBetModel'),
    );
    await place.click();
    const answer = (await (await answered).json()) as { Status: boolean; Result: string };
    await expect(toast(page, answer.Result).first()).toBeVisible();
    if (answer.Status) {
      expect(answer.Result).toBe('Bet placed successfully');
      // The server's own record of the bet (newest first): its liability and its profit.
      const bets = await booked();
      expect(bets).toHaveLength(before + 1);
      const bet = bets[0]!;
      expect(bet).toMatchObject({
        BetType: side,
        Odds: Number(line),
        Price: Number(rate),
        Stack: STAKE,
        BetStatus: 'Pending',
      });
      // To the paisa: the server's profit and liability are the slip's.
      expect([Math.round(bet.ReturnBalance * 100), Math.round(bet.Exposure * 100)]).toEqual([
        profit,
        liability,
      ]);
      return { selectionId: selectionId!, line, rate, refusals };
    }
    // A ball started running, or the line moved, between the click and the placing.
    expect(answer.Result, 'the only refusals a live row gives').toMatch(
      /^(Market suspended|Odds changed)$/,
    );
    refusals.push(answer.Result);
    expect(performance.now(), `placed within ${BET_WINDOW_MS / 1000} s`).toBeLessThan(deadline);
  }
}

async function betBothSides(page: Page, request: APIRequestContext) {
  await logIn(page, DEMO);
  const session = await sessionOf(page);
  const { eventId } = await bowlingT20(request, session);
  await openEvent(page, eventId);
  for (const side of ['No', 'Yes'] as const) {
    const placed = await betAtARate(page, request, session, eventId, side);
    test.info().annotations.push({
      type: `${side} bet`,
      description: `${placed.selectionId} at ${placed.line} (${placed.rate}), stake ${STAKE}${
        placed.refusals.length > 0 ? `, after ${placed.refusals.join(', ')}` : ''
      }`,
    });
  }
}

test('fancy bets at rates other than 100, No and Yes: the server books the figures the slip showed', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * BET_WINDOW_MS + 30_000);
  await betBothSides(page, request);
});

test.describe('at 375 px', () => {
  test.use(PHONE);

  test('fancy bets at rates other than 100 from a phone, with no sideways scroll', async ({
    page,
    request,
  }) => {
    test.setTimeout(2 * BET_WINDOW_MS + 30_000);
    await betBothSides(page, request);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

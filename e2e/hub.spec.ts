import { randomBytes } from 'node:crypto';
import { apiBet, expect, logIn, ops, sessionOf, test } from './fixtures';

/** The hub's push must beat every poll: matched bets poll every 60 s, the ticker every 10 s. */
const PUSHED = { timeout: 2_000 };

test('a bet placed through the API shows in the open event screen within 2 s, in both tabs of one login', async ({
  page,
  context,
  client,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `Hub Cup ${tag}`,
    name: `Kites ${tag} v Hawks ${tag}`,
    runners: [`Kites ${tag}`, `Hawks ${tag}`],
    inPlay: true,
  });
  await ops(request, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [
        {
          selectionId: eventId * 100 + 1,
          back: [{ price: 1.9, size: 1000 }],
          lay: [{ price: 1.92, size: 800 }],
        },
        {
          selectionId: eventId * 100 + 2,
          back: [{ price: 2.06, size: 1000 }],
          lay: [{ price: 2.1, size: 800 }],
        },
      ],
    },
  });
  await logIn(page, client);
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/market/4/${eventId}`);
    await expect(tab.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    await expect(tab.getByRole('tab', { name: 'All (0)' })).toBeVisible();
  }
  const session = await sessionOf(page);
  await apiBet(request, session, {
    sportsId: 4,
    SelectionName: `Kites ${tag}`,
    SelectionID: String(eventId * 100 + 1),
    Odds: 1.9,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: `1.${eventId}`,
    EventId: eventId,
    BetType: 'Back',
    BetStatus: 'Pending',
    Stack: 1000,
  });
  for (const tab of [page, second]) {
    await expect(tab.getByRole('tab', { name: 'All (1)' })).toBeVisible(PUSHED);
  }
});

test('news posted by the operator appears in the ticker within 2 s', async ({
  page,
  client,
  request,
}) => {
  await logIn(page, client);
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const message = `Pushed news ${randomBytes(3).toString('hex')}`;
  await ops(request, 'news', { message });
  await expect(page.getByRole('marquee')).toContainText(message, PUSHED);
});

for (const width of [1280, 375]) {
  test(`an operator's suspension reaches the open event screen within 1 s, without a request (${width} px)`, async ({
    page,
    client,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    const tag = randomBytes(3).toString('hex');
    const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
      sportId: 4,
      seriesName: `Suspend Cup ${tag}`,
      name: `Owls ${tag} v Rams ${tag}`,
      runners: [`Owls ${tag}`, `Rams ${tag}`],
      inPlay: true,
    });
    await ops(request, 'fixture-step', {
      eventId,
      step: {
        kind: 'prices',
        marketId: `1.${eventId}`,
        runners: [1, 2].map((n) => ({
          selectionId: eventId * 100 + n,
          back: [{ price: 1.9, size: 1000 }],
          // Both at 1.9 to back: laying both must lose (lays ≤ 100 %), so 2.1.
          lay: [{ price: 2.1, size: 800 }],
        })),
      },
    });
    await logIn(page, client);
    await page.goto(`/market/4/${eventId}`);
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    const match = page.getByRole('region', { name: 'Match Odds' });
    await expect(match.getByRole('button', { name: 'Back 1.9', exact: true })).toHaveCount(2);
    // An odds poll answered before the hub connected set the next at the spec's 2 s (the match
    // odds', the toss's and the bookmaker and fancy rows' each); once each has gone, the polls
    // are the hub's safety net (30 s) and nothing is asked for meanwhile.
    await Promise.all(
      [/\/api\/Odds\/Market\//, /\/api\/Odds\/Toss/, /\/api\/Odds\/BmFancy\//].map((url) =>
        page.waitForRequest(url, { timeout: 2_500 }).catch(() => {}),
      ),
    );
    await page.waitForLoadState('networkidle');

    // The event's reads: its odds, bookmaker and fancy, detail and operator rows (other polls —
    // the ticker, the score — keep their own beat).
    const EVENT_READS =
      /^\/api\/(Odds\/|MarketModels\/(GetEventDetail|GetCustomBookmaker)|FancyRunnerModels\/)/;
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (EVENT_READS.test(new URL(sent.url()).pathname)) asked.push(sent.url());
    });
    await ops(request, 'suspend-market', { marketId: `1.${eventId}` });
    await expect(match.getByText('SUSPENDED', { exact: true })).toHaveCount(2, { timeout: 1_000 });
    await expect(
      match.getByRole('button', { name: 'Back 1.9', exact: true }).first(),
    ).toBeDisabled();
    expect(asked).toEqual([]);

    await ops(request, 'resume-market', { marketId: `1.${eventId}` });
    await expect(match.getByText('SUSPENDED', { exact: true })).toHaveCount(0, { timeout: 1_000 });
    expect(asked).toEqual([]);
  });
}

import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, expect, ops, sessionOf, type ApiSession } from '../fixtures';
import { kolkataTime, suiteNow } from './clock';

/** A matka game with its current market, as GetEventMarkets lists it. */
export interface MatkaGame {
  readonly EventName: string;
  readonly EventId: number;
  readonly Mid: number;
  readonly StartTime: string;
  readonly EndTime: string;
  readonly isOpen: boolean;
}

export async function matkaGames(
  request: APIRequestContext,
  session: ApiSession,
): Promise<MatkaGame[]> {
  return (await apiGet<{ Result: MatkaGame[] }>(request, session, '/api/Matka/GetEventMarkets'))
    .Result;
}

export const matkaBoardPath = (game: MatkaGame) =>
  `/matkabet/${encodeURIComponent(game.EventName)}/${game.EventId}/${game.Mid}`;

/**
 * A game of the journey's own, added to the daily schedule by the operator, whose window runs
 * from `opensIn` to `closesIn` minutes from now on the suite's clock (negative: already open), and
 * its current market. No journey shares it, so none depends on the hour or on another's result.
 */
export async function journeyGame(
  request: APIRequestContext,
  session: ApiSession,
  { opensIn, closesIn }: { opensIn: number; closesIn: number },
): Promise<MatkaGame> {
  const name = `Journey ${randomBytes(4).toString('hex')}`;
  const now = suiteNow();
  await ops(request, 'matka-game', {
    name,
    opens: kolkataTime(now + opensIn * 60_000),
    closes: kolkataTime(now + closesIn * 60_000),
  });
  const game = (await matkaGames(request, session)).find((entry) => entry.EventName === name);
  expect(game, `the journey's matka game ${name}`).toBeDefined();
  return game!;
}

/** An open game of the journey's own: opened a minute ago, closing in an hour. */
export const openJourneyGame = (request: APIRequestContext, session: ApiSession) =>
  journeyGame(request, session, { opensIn: -1, closesIn: 60 });

/** A game of the journey's own that opens in two hours: closed for betting now. */
export const laterJourneyGame = (request: APIRequestContext, session: ApiSession) =>
  journeyGame(request, session, { opensIn: 120, closesIn: 180 });

/** Opens the board of a game open now, made for the journey. */
export async function openMatkaBoard(page: Page, request: APIRequestContext) {
  const session = await sessionOf(page);
  const game = await openJourneyGame(request, session);
  expect(game.isOpen, `${game.EventName} is open`).toBe(true);
  await page.goto(matkaBoardPath(game));
  await expect(page.getByRole('group', { name: 'Matka board' })).toBeVisible();
  return { game, session };
}

/** The client's exposure (GetBalanceDetail), in rupees. */
export const exposureOf = async (request: APIRequestContext, session: ApiSession) =>
  (
    await apiGet<{ Result: { Exposure: number } }>(
      request,
      session,
      '/api/AmountModels/GetBalanceDetail',
    )
  ).Result.Exposure;

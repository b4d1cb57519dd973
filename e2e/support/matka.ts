import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, expect, sessionOf, type ApiSession } from '../fixtures';

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

/** Opens the board of a game open now (the schedule keeps one open at every hour). */
export async function openMatkaBoard(page: Page, request: APIRequestContext) {
  const session = await sessionOf(page);
  const game = (await matkaGames(request, session)).find((entry) => entry.isOpen);
  expect(game, 'an open matka game').toBeDefined();
  await page.goto(matkaBoardPath(game!));
  await expect(page.getByRole('group', { name: 'Matka board' })).toBeVisible();
  return { game: game!, session };
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

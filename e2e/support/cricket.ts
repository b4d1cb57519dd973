import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ops } from '../fixtures';

/** A scripted cricket event of the slip journeys: its id, runners and fancy row's name. */
export interface CricketFixture {
  readonly eventId: number;
  readonly home: string;
  readonly away: string;
  readonly fancy: string;
}

/** One step of the scripted feed for the event (prices, fancy rows, a suspension …). */
export const step = (request: APIRequestContext, eventId: number, payload: object) =>
  ops(request, 'fixture-step', { eventId, step: payload });

/** Selection ids are EventId * 100 + 1, + 2 in runner order (scripted feed). */
export const matchPrices = (eventId: number, homeBack: number) => ({
  kind: 'prices',
  marketId: `1.${eventId}`,
  runners: [
    {
      selectionId: eventId * 100 + 1,
      back: [{ price: homeBack, size: 1000 }],
      lay: [{ price: 1.92, size: 800 }],
    },
    {
      selectionId: eventId * 100 + 2,
      back: [{ price: 2.06, size: 1000 }],
      lay: [{ price: 2.1, size: 800 }],
    },
  ],
});

/** A bare in-play cricket event of the scripted feed, `home` v `away` in `seriesName`: its id. */
export async function inPlayEvent(
  request: APIRequestContext,
  seriesName: string,
  home: string,
  away: string,
): Promise<number> {
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName,
    name: `${home} v ${away}`,
    runners: [home, away],
    inPlay: true,
  });
  return eventId;
}

/**
 * A scripted cricket event in play, in a series named `${cup} ${tag}`: match odds (home 1.9/1.92,
 * away 2.06/2.1) and one fancy row 50/50 at rates 90/110.
 */
export async function cricketFixture(
  request: APIRequestContext,
  cup: string,
): Promise<CricketFixture> {
  const tag = randomBytes(3).toString('hex');
  const home = `Lions ${tag}`;
  const away = `Tigers ${tag}`;
  const fancy = `6 over runs ${tag}`;
  const { eventId } = await ops<{ eventId: number }>(request, 'fixture-event', {
    sportId: 4,
    seriesName: `${cup} ${tag}`,
    name: `${home} v ${away}`,
    runners: [home, away],
    fancy: [fancy],
    inPlay: true,
  });
  await step(request, eventId, matchPrices(eventId, 1.9));
  await step(request, eventId, {
    kind: 'fancy',
    rows: [{ selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
  });
  return { eventId, home, away, fancy };
}

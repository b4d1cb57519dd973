import {
  feedReplay,
  feedStatus,
  fixtureEvent,
  fixtureStepEndpoint,
  lockEvent,
  resumeMarket,
  setCustomBookmaker,
  setCustomFancy,
  suspendMarket,
  unlockEvent,
} from '@backlay/contract/ops';
import { MATCH_MIN_STAKE, SESSION_MIN_STAKE } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import type { MarketPushes } from '../hub/market-pushes.js';
import type { Db } from '../db/pool.js';
import type { FeedControl } from '../feed/control.js';
import { nextScriptedEventId } from '../feed/feed.queries.js';
import { fixtureStepUpdates, stepEventIds } from '../feed/fixtures.js';
import { fixtureEventSpec, fixtureMarketsProblem } from '../feed/scripted.js';
import type { FeedUpdate, RunnerQuote } from '../feed/types.js';
import { registerEndpoint } from '../http/endpoints.js';
import { OPS_TOKEN_ACTOR, type OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';
import { MAX_STAKE_LIMIT, type MarketsService } from '../modules/markets/markets.service.js';
import type { Clock } from '../seams.js';

/** Fixtures play through the feed's one runner, on the instance that holds its lock. */
const NOT_THE_LEADER =
  'The feed runs on another instance: send fixtures to the one whose feed status says isLeader';

function best(runners: readonly RunnerQuote[]): string {
  return runners
    .map(
      (runner) =>
        `${runner.selectionId}: ${runner.back[0]?.price ?? '-'}/${runner.lay[0]?.price ?? '-'}`,
    )
    .join(', ');
}

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

/** The most runs a session result row holds (a PostgreSQL integer). */
const MAX_RUNS = 2_147_483_647;

/**
 * Why a fixture event's stake limits cannot be stored, or null: each at least its minimum stake
 * and at most what a market row holds (a larger one failed as a 500 when it was stored:
 * docs/reliability.md, "HTTP fuzzing").
 */
export function stakeLimitsProblem(maxStake: number, sessionMaxStake: number): string | null {
  if (maxStake < MATCH_MIN_STAKE || maxStake > MAX_STAKE_LIMIT)
    return `maxStake must be from ${MATCH_MIN_STAKE} to ${MAX_STAKE_LIMIT}`;
  if (sessionMaxStake < SESSION_MIN_STAKE || sessionMaxStake > MAX_STAKE_LIMIT)
    return `sessionMaxStake must be from ${SESSION_MIN_STAKE} to ${MAX_STAKE_LIMIT}`;
  return null;
}

/** Operator commands over events, markets and the feed (README, "Operate it"). */
export async function feedOpsRoutes(
  app: FastifyInstance,
  {
    moneyBodyLimit,
    ...deps
  }: {
    db: Db;
    clock: Clock;
    markets: MarketsService;
    feed: FeedControl;
    pushes: MarketPushes;
    act: OperatorActions;
    commands: OperatorCommands;
  } & { moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  const { markets, feed, clock } = deps;
  // Fixture events take the next id one at a time, so two operators never collide.
  let creating: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = creating.then(work);
    creating = next.catch(() => {});
    return next;
  };

  const setup = { act: deps.act, actor: () => OPS_TOKEN_ACTOR, moneyBodyLimit };
  for (const [endpoint, locked] of [
    [lockEvent, true],
    [unlockEvent, false],
  ] as const) {
    registerCommand(app, endpoint, {
      ...setup,
      target: (body) => `event ${body.eventId}`,
      prepare: async (body) => ({ eventId: body.eventId, locked }),
      run: deps.commands.lockEvent,
    });
  }
  for (const [endpoint, suspended] of [
    [suspendMarket, true],
    [resumeMarket, false],
  ] as const) {
    registerCommand(app, endpoint, {
      ...setup,
      target: (body) => body.marketId,
      prepare: async (body) => ({ marketId: body.marketId, suspended }),
      run: deps.commands.suspendMarket,
    });
  }
  registerCommand(app, setCustomFancy, {
    ...setup,
    target: (body) => body.selectionId,
    run: deps.commands.customFancy,
  });
  registerCommand(app, setCustomBookmaker, {
    ...setup,
    target: (body) => `${body.marketId}/${body.selectionId}`,
    run: deps.commands.customBookmaker,
  });

  registerEndpoint(
    app,
    fixtureEvent,
    async ({ body }) => {
      const scripted = feed.scripted;
      if (!scripted) return { Status: false as const, Result: 'Fixture events need FEED=scripted' };
      if (feed.isFollower?.()) return { Status: false as const, Result: NOT_THE_LEADER };
      const now = clock.now();
      const startTime = body.startTime ? new Date(body.startTime) : now;
      const stakeProblem = stakeLimitsProblem(body.maxStake, body.sessionMaxStake);
      if (stakeProblem) return { Status: false as const, Result: stakeProblem };
      const marketsProblem = fixtureMarketsProblem(body.sportId, body.markets);
      if (marketsProblem) return { Status: false as const, Result: marketsProblem };
      if (body.sportId === 1 ? body.runners.length !== 3 : body.runners.length !== 2) {
        return {
          Status: false as const,
          Result:
            body.sportId === 1 ? 'A soccer event has three runners' : 'This sport has two runners',
        };
      }
      const spec = await oneAtATime(async () => {
        const eventId = await nextScriptedEventId(deps.db);
        const created = fixtureEventSpec(eventId, { ...body, startTime });
        const updates: FeedUpdate[] = [{ kind: 'event', event: created }];
        if (body.inPlay) updates.push({ kind: 'eventStatus', eventId, status: 'inplay' });
        await scripted.runner.inject(updates);
        scripted.source.track(eventId);
        return created;
      });
      const { eventId } = spec;
      return {
        Status: true as const,
        Result: { eventId, marketIds: spec.markets.map((market) => market.marketId) },
      };
    },
    options,
  );

  registerEndpoint(
    app,
    fixtureStepEndpoint,
    async ({ body }) => {
      const scripted = feed.scripted;
      if (!scripted) return { Status: false as const, Result: 'Fixture steps need FEED=scripted' };
      if (feed.isFollower?.()) return { Status: false as const, Result: NOT_THE_LEADER };
      const steps = body.steps ?? (body.step ? [body.step] : []);
      const updates: FeedUpdate[] = [];
      const at = clock.now().getTime();
      for (const step of steps) {
        const strangers = stepEventIds(step).filter((id) => id !== body.eventId);
        if (strangers.length > 0) {
          return {
            Status: false as const,
            Result: `The step names a market or session outside event ${body.eventId}`,
          };
        }
        if (step.kind === 'fancy-result' && step.runs > MAX_RUNS) {
          return { Status: false as const, Result: `runs must be at most ${MAX_RUNS}` };
        }
        const outcome = fixtureStepUpdates(body.eventId, step, feed, at);
        if (!outcome.ok) return { Status: false as const, Result: outcome.message };
        updates.push(...outcome.updates);
      }
      // One batch: the notifier pushes what it changed together (hub/market-pushes.ts).
      await scripted.runner.inject(updates);
      if (steps.some((step) => step.kind === 'status' && step.status === 'closed'))
        scripted.source.untrack(body.eventId);
      return {
        Status: true as const,
        Result: `Step ${steps.map((step) => step.kind).join(', ')} played on event ${body.eventId}`,
      };
    },
    options,
  );

  // The replay's hold point moves forward only, on the instance that runs the feed (docs/feeds.md).
  registerCommand(app, feedReplay, {
    ...setup,
    target: () => 'feed replay',
    run: async (_tx, input) => {
      const replay = feed.replay;
      if (!replay)
        return { answer: { Status: false, Result: 'The replay needs FEED=betfair-file' } };
      if (!feed.isLeader()) return { answer: { Status: false, Result: NOT_THE_LEADER } };
      const before = { heldAt: iso(replay.status().heldAt) };
      if (input.until === undefined) {
        replay.release();
        return {
          answer: { Status: true, Result: 'The replay plays on' },
          before,
          after: { heldAt: null },
        };
      }
      const until = Date.parse(input.until);
      const outcome = replay.holdUntil(until);
      if (!outcome.ok) return { answer: { Status: false, Result: outcome.message } };
      return {
        answer: { Status: true, Result: `The replay holds at ${new Date(until).toISOString()}` },
        before,
        after: { heldAt: iso(until) },
      };
    },
  });

  registerEndpoint(
    app,
    feedStatus,
    async () => {
      const at = clock.now().getTime();
      const events = await markets.listOpenEvents();
      const replay = feed.replay?.status();
      const provider = feed.provider?.();
      return {
        Status: true as const,
        Result: {
          feed: feed.name,
          isLeader: feed.isLeader(),
          ...(replay ? { replayAt: iso(replay.replayAt), heldAt: iso(replay.heldAt) } : {}),
          ...(provider
            ? { provider: { ...provider, lastPublishAt: iso(provider.lastPublishAt) } }
            : {}),
          events: events.map((event) => ({
            ...event,
            markets: event.marketIds.map((marketId) => {
              const book = feed.priceBook.market(marketId, at);
              return {
                marketId,
                status: book?.status ?? 'NO PRICES',
                seq: book?.seq ?? 0,
                best: book ? best(book.runners) : '',
              };
            }),
          })),
        },
      };
    },
    options,
  );
}

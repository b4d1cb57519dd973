import type { HubPush } from '@backlay/contract/hub';
import { describe, expect, it } from 'vitest';
import type { HubPublisher } from './publisher.js';

/**
 * The publisher takes a `HubPush`, a message's name and payload typed together by the contract
 * (docs/conventions.md#contract-as-data): a push whose payload is not its name's does not
 * compile. The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them
 * compiles.
 */
describe('a hub push is checked by the compiler', () => {
  it("takes a payload of its message's shape and rejects any other", () => {
    const sent: HubPush[] = [];
    const publisher: HubPublisher = {
      toAll: (push) => void sent.push(push),
      toUser: (_clientId, push) => void sent.push(push),
      toGroup: (_group, push) => void sent.push(push),
    };

    publisher.toUser('7', { target: 'UpdateBalance', payload: { Reason: 'casino' } });
    publisher.toGroup('event:1', { target: 'FeedHeartbeat', payload: { EventId: 1 } });

    // @ts-expect-error a reason UpdateBalance does not carry
    publisher.toUser('7', { target: 'UpdateBalance', payload: { Reason: 'bonus' } });
    // @ts-expect-error UpdateMarketList's payload under FeedHeartbeat's name
    publisher.toGroup('event:1', { target: 'FeedHeartbeat', payload: { Seq: 1 } });
    // @ts-expect-error a message the contract does not have
    publisher.toAll({ target: 'UpdateBalances', payload: { Reason: 'casino' } });
    // @ts-expect-error a payload missing what its message carries
    publisher.toAll({ target: 'updateNews', payload: {} });
    // @ts-expect-error a payload with a field its message does not have
    publisher.toAll({ target: 'inplaycount', payload: { Count: 1, Seq: 2 } });

    // The lines above are type errors; at run time they pass through like any other.
    expect(sent.map((push) => push.target)).toEqual([
      'UpdateBalance',
      'FeedHeartbeat',
      'UpdateBalance',
      'FeedHeartbeat',
      'UpdateBalances',
      'updateNews',
      'inplaycount',
    ]);
  });
});

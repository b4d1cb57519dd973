import { getRates, type MarketBookWire } from '@backlay/contract/markets';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { storeLogin } from '../../lib/session';
import { stubFetch } from '../../test/fetch';
import { cricketBook, soccerBook } from '../../test/fixtures/markets-answers';
import { ratesQuery } from './api/get-rates';
import { marketBooksMerge, ratesAnswerMerge } from './rates-merge';
import { wireCopy } from '../../test/wire';

const withSeq = (book: MarketBookWire, Seq: number, back: number): MarketBookWire => ({
  ...book,
  Seq,
  runners: book.runners.map((runner, index) =>
    index === 0
      ? {
          ...runner,
          ex: { ...runner.ex, availableToBack: [{ price: back, size: 1000 }] },
        }
      : runner,
  ),
});

describe('rates merge by Seq', () => {
  const cricket = getRates.response.parse({ Status: true, Result: [cricketBook] }).Result;
  const held = cricket as MarketBookWire[];
  const base = held[0]!;

  it('keeps the held book when the answer carries an older Seq', () => {
    const newer = withSeq(base, 500, 1.95);
    const older = withSeq(base, 499, 1.8);
    const merged = marketBooksMerge([newer], [older]);
    expect(merged[0]).toBe(newer);
    expect(merged[0]?.runners[0]?.ex.availableToBack[0]?.price).toBe(1.95);
  });

  it('takes the answer when its Seq is newer', () => {
    const held500 = withSeq(base, 500, 1.95);
    const newer = withSeq(base, 501, 2.0);
    expect(marketBooksMerge([held500], [newer])[0]).toEqual(newer);
  });

  it('keeps the references of unchanged books, so their rows skip the render', () => {
    const soccer = soccerBook;
    const previous = [base, soccer];
    const sameAgain = wireCopy(previous);
    expect(marketBooksMerge(previous, sameAgain)).toBe(previous);

    const ticked = [withSeq(base, base.Seq + 1, 1.91), wireCopy(soccer)];
    const merged = marketBooksMerge(previous, ticked);
    expect(merged).not.toBe(previous);
    expect(merged[1]).toBe(soccer);
    // Within the ticked book, the runner whose price did not move keeps its reference too.
    expect(merged[0]?.runners[1]).toBe(base.runners[1]);
  });

  it('drops books no longer asked for and adds new ones', () => {
    const soccer = soccerBook;
    expect(marketBooksMerge([base], [soccer])).toEqual([soccer]);
  });

  it('takes a refusal or a first answer as it is', () => {
    const refusal = { Status: false, Result: 'Not now' };
    const answer = { Status: true, Result: [base] };
    expect(ratesAnswerMerge(undefined, answer)).toEqual(answer);
    expect(ratesAnswerMerge(answer, refusal)).toEqual(refusal);
  });

  it('a slow poll never overwrites a newer push held in the query cache (docs/decisions.md#hub)', async () => {
    storeLogin({ Token: 'tok', uid: 3, UserName: 'asha', IsValidToken: 'v' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = ratesQuery(['1.30412871']);
    // A push (the hub, later) patched the cache with Seq 600 while a poll was on its way.
    client.setQueryData(options.queryKey, { Status: true, Result: [withSeq(base, 600, 1.99)] });
    stubFetch({ body: { Status: true, Result: [withSeq(base, 599, 1.85)] } });
    await client.fetchQuery({ ...options, staleTime: 0 });
    const data = client.getQueryData(options.queryKey);
    expect(data?.Status && data.Result[0]?.Seq).toBe(600);
    expect(data?.Status && data.Result[0]?.runners[0]?.ex.availableToBack[0]?.price).toBe(1.99);
  });
});

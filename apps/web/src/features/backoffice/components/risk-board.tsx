import type { RiskFancy, RiskMarket } from '@backlay/contract/backoffice';
import dayjs from 'dayjs';
import { memo, useId, useState } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { useRiskBook } from '../api/get-risk-book';
import { useRiskHub } from '../hooks/use-risk-hub';
import { rupees } from '../format';
import { statusWord } from '../words';
import { SignedRupees } from './figures';
import { CasinoRounds, MatkaCard } from './risk-games';
import { Exposure, TopClients } from './risk-parts';
import styles from './backoffice.module.css';

/** Fancy sessions are cricket's (docs/product.md#purpose): a session whose event has no market listed is one. */
const FANCY_SPORT = 4;

/**
 * The risk book, read again on every `RiskChanged` of the hub while it is connected
 * (`isHubConnected`, with a 10 s safety poll) and asked for every second while it is not
 * (`RISK_POLL_MS`): the house exposure of sports, matka and casino and their total, then a card
 * per market (each runner's result for the house if it wins, the house's exposure, the open bets
 * and the clients most exposed), per fancy session (the house's result per final runs) and per
 * open matka market (its worst number), and the casino's open rounds per game. The sport filter
 * narrows the markets and sessions. The query keeps unchanged markets as the same objects
 * (TanStack Query's structural sharing), so a tick renders only the cards that changed.
 */
export function RiskBoard({
  sports,
  clientHref,
  isHubConnected = false,
}: {
  sports: readonly { readonly id: number; readonly name: string }[];
  /** The back office's hub is connected (hooks/use-risk-hub.ts). */
  isHubConnected?: boolean;
  /** Where a client's name leads, for an operator who may see clients. */
  clientHref?: ((clientId: string) => string) | undefined;
}) {
  const risk = useRiskBook(isHubConnected);
  const [sportId, setSportId] = useState(0);
  const filterId = useId();
  const titleId = useId();
  const book = risk.data;

  const sportOfEvent = new Map(book?.markets.map((market) => [market.eventId, market.sportId]));
  const markets = book?.markets.filter((market) => sportId === 0 || market.sportId === sportId);
  const fancy = book?.fancy.filter(
    (session) => sportId === 0 || (sportOfEvent.get(session.eventId) ?? FANCY_SPORT) === sportId,
  );
  const shownExposure =
    (markets ?? []).reduce((sum, market) => sum + market.houseExposure, 0) +
    (fancy ?? []).reduce((sum, session) => sum + session.houseExposure, 0);

  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          Risk
        </h1>
        <div className={styles.field}>
          <label htmlFor={filterId}>Sport</label>
          <select
            id={filterId}
            value={sportId}
            onChange={(event) => setSportId(Number(event.target.value))}
          >
            <option value={0}>All sports</option>
            {sports.map((sport) => (
              <option key={sport.id} value={sport.id}>
                {sport.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {risk.isPending ? (
        <PleaseWait />
      ) : risk.isError && !book ? (
        <p className={styles.error} role="alert">
          {risk.error.message}
        </p>
      ) : (
        book && (
          <>
            <dl className={styles.summary}>
              <div>
                <dt>Sports</dt>
                <dd data-testid="sports-exposure">{rupees(book.sportsExposure)}</dd>
              </div>
              <div>
                <dt>Matka</dt>
                <dd data-testid="matka-exposure">{rupees(book.matkaExposure)}</dd>
              </div>
              <div>
                <dt>Casino (stakes held)</dt>
                <dd data-testid="casino-exposure">{rupees(book.casinoExposure)}</dd>
              </div>
              <div>
                <dt>Total house exposure</dt>
                <dd data-testid="total-exposure">{rupees(book.totalExposure)}</dd>
              </div>
              {sportId !== 0 && (
                <div>
                  <dt>Sports shown</dt>
                  <dd>{rupees(shownExposure)}</dd>
                </div>
              )}
              <div>
                <dt>As of</dt>
                <dd>
                  <time dateTime={book.at}>{dayjs(book.at).format('hh:mm:ss A')}</time>
                </dd>
              </div>
            </dl>
            {risk.isError && (
              <p className={styles.error} role="status">
                Not updating: {risk.error.message}
              </p>
            )}
            <h2 className={styles.subtitle}>Markets</h2>
            {markets && markets.length > 0 ? (
              <div className={styles.cards}>
                {markets.map((market) => (
                  <MarketCard key={market.marketId} market={market} clientHref={clientHref} />
                ))}
              </div>
            ) : (
              <p className={styles.empty}>No market has open bets.</p>
            )}
            <h2 className={styles.subtitle}>Fancy sessions</h2>
            {fancy && fancy.length > 0 ? (
              <div className={styles.cards}>
                {fancy.map((session) => (
                  <FancyCard
                    key={`${session.eventId}/${session.selectionId}`}
                    session={session}
                    clientHref={clientHref}
                  />
                ))}
              </div>
            ) : (
              <p className={styles.empty}>No fancy session has open bets.</p>
            )}
            <h2 className={styles.subtitle}>Matka</h2>
            {book.matka.length > 0 ? (
              <div className={styles.cards}>
                {book.matka.map((market) => (
                  <MatkaCard key={market.mid} market={market} clientHref={clientHref} />
                ))}
              </div>
            ) : (
              <p className={styles.empty}>No matka market has open bets.</p>
            )}
            <h2 className={styles.subtitle}>Casino</h2>
            <CasinoRounds games={book.casino} />
          </>
        )
      )}
    </section>
  );
}

const MarketCard = memo(function MarketCard({
  market,
  clientHref,
}: {
  market: RiskMarket;
  clientHref: ((clientId: string) => string) | undefined;
}) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId} data-market-id={market.marketId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {market.eventName} · {market.marketName}
        </h3>
        <span className={market.status === 'OPEN' ? styles.badge : styles.alert}>
          {statusWord(market.status)}
        </span>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Runner</th>
              <th scope="col" className={styles.numeric}>
                House if it wins
              </th>
            </tr>
          </thead>
          <tbody>
            {market.runners.map((runner) => (
              <tr key={runner.selectionId}>
                <td>{runner.name}</td>
                <td className={styles.numeric}>
                  <SignedRupees value={runner.house} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Exposure exposure={market.houseExposure} openBets={market.openBets} />
      <TopClients clients={market.topClients} clientHref={clientHref} />
    </article>
  );
});

const FancyCard = memo(function FancyCard({
  session,
  clientHref,
}: {
  session: RiskFancy;
  clientHref: ((clientId: string) => string) | undefined;
}) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {session.eventName} · {session.name}
        </h3>
        <span className={styles.badge}>Fancy</span>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Final runs</th>
              <th scope="col" className={styles.numeric}>
                House
              </th>
            </tr>
          </thead>
          <tbody>
            {session.ladder.map((rung, index) => (
              <tr key={rung.runs}>
                <td>{rungLabel(session.ladder, index)}</td>
                <td className={styles.numeric}>
                  <SignedRupees value={rung.house} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Exposure exposure={session.houseExposure} openBets={session.openBets} />
      <TopClients clients={session.topClients} clientHref={clientHref} />
    </article>
  );
});

/**
 * The runs a rung stands for. Below the first rung and above the last the result does not change
 * (`fancyLadder` in packages/domain), and a rung holds until the next one.
 */
export function rungLabel(ladder: readonly { readonly runs: number }[], index: number): string {
  const runs = ladder[index]?.runs ?? 0;
  const next = ladder[index + 1]?.runs;
  if (ladder.length === 1) return 'Any';
  if (next === undefined) return `${runs} or more`;
  if (index === 0) return `${next - 1} or less`;
  return next === runs + 1 ? String(runs) : `${runs}–${next - 1}`;
}

/** The risk board kept current through the hub (docs/backoffice.md). */
export function LiveRiskBoard(props: Omit<Parameters<typeof RiskBoard>[0], 'isHubConnected'>) {
  const isHubConnected = useRiskHub();
  return <RiskBoard {...props} isHubConnected={isHubConnected} />;
}

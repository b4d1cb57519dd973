import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { declareMatka } from '../api/declare-matka';
import { useCasinoRounds } from '../api/get-casino-rounds';
import { useMatkaMarkets } from '../api/get-matka-markets';
import { rollBackMatka } from '../api/roll-back-matka';
import { voidCasinoRound } from '../api/void-casino-round';
import { voidMatka } from '../api/void-matka';
import { formatTime, rupees } from '../format';
import { casinoGameName, countText, statusWord } from '../words';
import { backofficeKeys } from '../query-keys';
import { ActionDialog } from './action-dialog';
import styles from './backoffice.module.css';

interface MatkaTarget {
  readonly mid: number;
  readonly game: string;
}

type Dialog =
  | { readonly kind: 'declare' | 'void' | 'rollback'; readonly market: MatkaTarget }
  | { readonly kind: 'casinoVoid'; readonly roundId: string; readonly label: string };

/**
 * A matka market with a result or a void in force ('settled', 'voided') may be rolled back; one
 * without ('open', 'closed', 'rolled back') declared or voided.
 */
const isDecided = (market: { readonly result: string | null; readonly status: string }) =>
  market.result !== null || market.status === 'settled' || market.status === 'voided';

/**
 * Matka and casino: the matka markets of the last days with Declare, Void and Roll back (a reason
 * for the last two), and the casino rounds still open with Void (a reason). Each moves money: it
 * is confirmed in a dialog and sent with its own Idempotency-Key (`ActionDialog`).
 */
export function MatkaCasino() {
  const queryClient = useQueryClient();
  const matka = useMatkaMarkets();
  const rounds = useCasinoRounds();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refreshMatka = () =>
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.matka() });
  const refreshRounds = () =>
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.casinoRounds() });

  return (
    <section className={styles.screen} aria-label="Matka and casino">
      <h1 className={styles.title}>Matka &amp; Casino</h1>
      <h2 className={styles.subtitle}>Matka markets</h2>
      {matka.isPending ? (
        <PleaseWait />
      ) : matka.isError ? (
        <p className={styles.error} role="alert">
          {matka.error.message}
        </p>
      ) : (
        <div className={styles.scroll} role="region" aria-label="Matka markets" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Opens</th>
                <th scope="col">Closes</th>
                <th scope="col">Status</th>
                <th scope="col">Result</th>
                <th scope="col" className={styles.numeric}>
                  Bets
                </th>
                <th scope="col" className={styles.numeric}>
                  Staked
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {matka.data.length === 0 ? (
                <tr>
                  <td colSpan={8} className={styles.empty}>
                    No matka market.
                  </td>
                </tr>
              ) : (
                matka.data.map((market) => {
                  const target = { mid: market.mid, game: market.game };
                  const name = `${market.game} (${market.mid})`;
                  return (
                    <tr key={market.mid}>
                      <td>
                        {market.game}
                        <div className={styles.muted}>{market.mid}</div>
                      </td>
                      <td>
                        <time dateTime={market.openAt}>{formatTime(market.openAt)}</time>
                      </td>
                      <td>
                        <time dateTime={market.closeAt}>{formatTime(market.closeAt)}</time>
                      </td>
                      <td>{statusWord(market.status)}</td>
                      <td>{market.result ?? '—'}</td>
                      <td className={styles.numeric}>{countText(market.bets)}</td>
                      <td className={styles.numeric}>{rupees(market.staked)}</td>
                      <td>
                        <div className={styles.actions}>
                          {isDecided(market) ? (
                            <button
                              type="button"
                              className={styles.secondary}
                              aria-label={`Roll back ${name}`}
                              onClick={() => setDialog({ kind: 'rollback', market: target })}
                            >
                              Roll back
                            </button>
                          ) : (
                            <>
                              <button
                                type="button"
                                className={styles.primary}
                                aria-label={`Declare ${name}`}
                                onClick={() => setDialog({ kind: 'declare', market: target })}
                              >
                                Declare
                              </button>
                              <button
                                type="button"
                                className={styles.secondary}
                                aria-label={`Void ${name}`}
                                onClick={() => setDialog({ kind: 'void', market: target })}
                              >
                                Void
                              </button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}

      <h2 className={styles.subtitle}>Open casino rounds</h2>
      {rounds.isPending ? (
        <PleaseWait />
      ) : rounds.isError ? (
        <p className={styles.error} role="alert">
          {rounds.error.message}
        </p>
      ) : (
        <div className={styles.scroll} role="region" aria-label="Open casino rounds" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Client</th>
                <th scope="col">Game</th>
                <th scope="col" className={styles.numeric}>
                  Stake
                </th>
                <th scope="col">Opened</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rounds.data.length === 0 ? (
                <tr>
                  <td colSpan={6} className={styles.empty}>
                    No open round.
                  </td>
                </tr>
              ) : (
                rounds.data.map((round) => {
                  const game = casinoGameName(round.gameId);
                  const label = `round ${round.roundId} of ${round.username} (${game}, stake ${rupees(round.stake)})`;
                  return (
                    <tr key={round.roundId}>
                      <td>{round.roundId}</td>
                      <td>{round.username}</td>
                      <td>{game}</td>
                      <td className={styles.numeric}>{rupees(round.stake)}</td>
                      <td>
                        <time dateTime={round.openedAt}>{formatTime(round.openedAt)}</time>
                      </td>
                      <td>
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-label={`Void round ${round.roundId}`}
                          onClick={() =>
                            setDialog({ kind: 'casinoVoid', roundId: round.roundId, label })
                          }
                        >
                          Void
                        </button>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}

      {dialog?.kind === 'declare' && (
        <DeclareMatkaDialog market={dialog.market} onAnswered={refreshMatka} onClose={close} />
      )}
      {dialog?.kind === 'void' && (
        <ActionDialog
          title="Void matka market"
          statement={`Void ${dialog.market.game} (${dialog.market.mid})? Every stake is returned.`}
          confirmLabel="Void"
          needsReason
          send={({ idempotencyKey, reason }) =>
            voidMatka({ mid: dialog.market.mid, reason }, idempotencyKey)
          }
          onAnswered={refreshMatka}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rollback' && (
        <ActionDialog
          title="Roll back matka market"
          statement={`Roll back the result of ${dialog.market.game} (${dialog.market.mid})? Its payouts are reversed and its bets go back to pending.`}
          confirmLabel="Roll back"
          needsReason
          send={({ idempotencyKey, reason }) =>
            rollBackMatka({ mid: dialog.market.mid, reason }, idempotencyKey)
          }
          onAnswered={refreshMatka}
          onClose={close}
        />
      )}
      {dialog?.kind === 'casinoVoid' && (
        <ActionDialog
          title="Void casino round"
          statement={`Void ${dialog.label}? Its stake is released to the client.`}
          confirmLabel="Void"
          needsReason
          send={({ idempotencyKey, reason }) =>
            voidCasinoRound({ roundId: dialog.roundId, reason }, idempotencyKey)
          }
          onAnswered={refreshRounds}
          onClose={close}
        />
      )}
    </section>
  );
}

function DeclareMatkaDialog({
  market,
  onAnswered,
  onClose,
}: {
  market: MatkaTarget;
  onAnswered: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [result, setResult] = useState('');
  const isValid = /^\d{2}$/.test(result);
  return (
    <ActionDialog
      title="Declare matka result"
      statement={
        isValid
          ? `Declare ${result} for ${market.game} (${market.mid}) and settle its bets?`
          : `Enter the result of ${market.game} (${market.mid}); its bets are then settled.`
      }
      confirmLabel="Declare"
      problem={isValid ? undefined : 'The result is two digits, 00 to 99'}
      fields={({ isHeld }) => (
        <div className={styles.field}>
          <label htmlFor={id}>Result (00–99)</label>
          <input
            id={id}
            inputMode="numeric"
            maxLength={2}
            value={result}
            readOnly={isHeld}
            onChange={(event) => setResult(event.target.value.replace(/\D/g, '').slice(0, 2))}
          />
        </div>
      )}
      send={({ idempotencyKey }) => declareMatka({ mid: market.mid, result }, idempotencyKey)}
      onAnswered={onAnswered}
      onClose={onClose}
    />
  );
}

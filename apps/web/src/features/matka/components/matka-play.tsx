import type { MatkaBetRow } from '@backlay/contract/matka';
import {
  matkaStakes,
  matkaTotal,
  rupeesToPaise,
  type MatkaBet,
  type MatkaBetNo,
  type MatkaPreviewBets,
  type Paise,
} from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { newIdempotencyKey } from '../../../lib/api';
import { getBetSound } from '../../../lib/preferences';
import { playSound, type SoundKind } from '../../../lib/sound';
import { useMatkaMyBets } from '../api/get-my-bets';
import { matkaFailureMessage, usePlaceMatkaBet, type MatkaGameRef } from '../api/place-bet';
import { CLOSED_FOR_BETTING, useMatkaMarketState } from '../hooks/use-market-state';
import { matkaKeys } from '../query-keys';
import { rupeesText, previewSummary } from './bet-preview';
import { MatkaBoard } from './board';
import { ClosesIn } from './closes-in';
import { ConfirmBets } from './confirm-bets';
import { CrossingForm } from './crossing-form';
import { HarupForm } from './harup-form';
import { MatkaMyBets } from './my-bets';
import { PasteForm } from './paste-form';
import { SingleBetDialog } from './single-bet-dialog';
import styles from './matka.module.css';

/** The two cues play only when Bet Sound is on (docs/product.md#purpose). */
function cue(kind: SoundKind): void {
  if (getBetSound()) playSound(kind);
}

interface Pending {
  readonly bets: readonly MatkaBet[];
  readonly total: Paise;
  readonly summary: string;
}

const isBetNo = (text: string): text is MatkaBetNo => /^\d{2}$/.test(text);

/** The rows' bets in paise (a row the board cannot place is left out). */
function betsOf(rows: readonly MatkaBetRow[]): MatkaBet[] {
  const bets: MatkaBet[] = [];
  for (const row of rows) {
    const amount = rupeesToPaise(row.Amount);
    if (isBetNo(row.betNo) && amount !== null) bets.push({ betNo: row.betNo, amount });
  }
  return bets;
}

const NO_ROWS: readonly MatkaBetRow[] = [];

/**
 * The matka board screen's play (docs/product.md#screens, #states): above the board, the countdown to the market's
 * close (or 'Closed for betting' once it has come or a push said so: every cell and form is then
 * disabled), the drawn result and the player's exposure on the game; the board with the player's
 * stake on each number (a cell opens the single-bet dialog with their bets on it); the paste,
 * crossing and Harup forms with their live previews (each opens the confirm dialog with its
 * preview's bets); then the client's bets on this market. After any submit attempt every input
 * and selection resets and the bets reload; the answer shows as a toast per docs/product.md#errors; a placed
 * bet reloads the wallet at once.
 */
export function MatkaPlay({
  game,
  mid,
  payout = null,
  endTimeHint,
  onMoneyMoved,
}: {
  game: MatkaGameRef;
  mid: string;
  /** MATKA_PAYOUT from the site's configuration; null until it is known. */
  payout?: number | null;
  /** The market's EndTime the games list passed along, until the board reads the list. */
  endTimeHint?: string;
  /** After a placed bet: the screen that shows the money reloads it at once. */
  onMoneyMoved: () => void;
}) {
  const queryClient = useQueryClient();
  const placing = usePlaceMatkaBet();
  const market = useMatkaMarketState(game.eventId, mid, endTimeHint);
  const myBets = useMatkaMyBets(mid);
  const rows = myBets.data ?? NO_ROWS;
  const stakes = useMemo(() => matkaStakes(betsOf(rows)), [rows]);
  const exposure = useMemo(
    () => matkaTotal(betsOf(rows.filter((row) => row.BetStatus === 'Pending'))),
    [rows],
  );
  const [picked, setPicked] = useState<MatkaBetNo | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // A new generation remounts every form: all inputs and selections start again.
  const [generation, setGeneration] = useState(0);
  const isSending = useRef(false);

  async function send(bets: readonly MatkaBet[]) {
    if (isSending.current) return;
    isSending.current = true;
    try {
      const answer = await placing.mutateAsync({
        game,
        bets,
        idempotencyKey: newIdempotencyKey(),
      });
      if (answer.Status) {
        onMoneyMoved();
        toast.success(answer.Result);
        cue('success');
      } else {
        toast.error(answer.Result);
        cue('wrong');
      }
    } catch (error) {
      toast.error(matkaFailureMessage(error));
      cue('wrong');
    } finally {
      isSending.current = false;
      setPicked(null);
      setPending(null);
      setGeneration((current) => current + 1);
      void queryClient.invalidateQueries({ queryKey: matkaKeys.myBets(mid) });
    }
  }

  // Stable: a dialog keeps its focus while the screen renders around it.
  const closePicked = useCallback(() => setPicked(null), []);
  const closePending = useCallback(() => setPending(null), []);
  const confirm = (preview: MatkaPreviewBets) =>
    setPending({ bets: preview.bets, total: preview.total, summary: previewSummary(preview) });

  return (
    <>
      <div className={styles.marketBar}>
        {!market.isClosed && market.closesAt !== null && (
          <ClosesIn closesAt={market.closesAt} testId="matka-countdown" />
        )}
        {/* Always there, so that the close and the result are read out when they come. */}
        <div role="status" className={styles.marketNotes}>
          {market.isClosed && (
            <span className={styles.closedNote} data-testid="matka-closed">
              {CLOSED_FOR_BETTING}
            </span>
          )}
          {market.result !== null && (
            <span className={styles.resultNote} data-testid="matka-result">
              Result {market.result}
            </span>
          )}
        </div>
        {myBets.isSuccess && (
          <p className={styles.exposure} data-testid="matka-exposure">
            Your exposure on this game: <strong>{rupeesText(exposure)}</strong>
          </p>
        )}
      </div>
      <MatkaBoard
        onPick={setPicked}
        disabled={market.isClosed}
        stakes={stakes}
        result={market.result}
      />
      <fieldset
        className={styles.forms}
        key={generation}
        disabled={market.isClosed}
        aria-label="Bet forms"
      >
        <PasteForm payout={payout} onConfirm={confirm} />
        <CrossingForm payout={payout} onConfirm={confirm} />
        <HarupForm payout={payout} onConfirm={confirm} />
      </fieldset>
      <h2 className={styles.sectionTitle}>My Bets</h2>
      <MatkaMyBets mid={mid} />
      {picked && (
        <SingleBetDialog
          key={`${picked}-${generation}`}
          betNo={picked}
          yourBets={rows.filter((row) => row.betNo === picked)}
          yourStake={stakes.byNumber.get(picked) ?? (0 as Paise)}
          isSending={placing.isPending}
          isClosed={market.isClosed}
          onPlace={(bets) => void send(bets)}
          onClose={closePicked}
        />
      )}
      {pending && (
        <ConfirmBets
          bets={pending.bets}
          total={pending.total}
          summary={pending.summary}
          isSending={placing.isPending}
          isClosed={market.isClosed}
          onSubmit={() => void send(pending.bets)}
          onClose={closePending}
        />
      )}
    </>
  );
}

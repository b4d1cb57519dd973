import type { MatkaBet, MatkaBetNo, Paise } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { newIdempotencyKey } from '../../../lib/api';
import { getBetSound } from '../../../lib/preferences';
import { playSound, type SoundKind } from '../../../lib/sound';
import { matkaFailureMessage, usePlaceMatkaBet, type MatkaGameRef } from '../api/place-bet';
import { matkaKeys } from '../query-keys';
import { MatkaBoard } from './board';
import { ConfirmBets } from './confirm-bets';
import { CrossingForm } from './crossing-form';
import { HarupForm } from './harup-form';
import { MatkaMyBets } from './my-bets';
import { PasteForm } from './paste-form';
import { SingleBetDialog } from './single-bet-dialog';
import styles from './matka.module.css';

/** The two cues play only when Bet Sound is on (SPEC §1). */
function cue(kind: SoundKind): void {
  if (getBetSound()) playSound(kind);
}

interface Pending {
  readonly bets: readonly MatkaBet[];
  readonly total: Paise;
}

/**
 * The matka board screen's play (SPEC §2, §4): the board (a cell opens the single-bet dialog),
 * the paste, crossing and Harup forms (each opens the confirm dialog), then the client's bets on
 * this market. After any submit attempt every input and selection resets and the bets reload;
 * the answer shows as a toast per SPEC §8; a placed bet reloads the wallet at once.
 */
export function MatkaPlay({
  game,
  mid,
  onMoneyMoved,
}: {
  game: MatkaGameRef;
  mid: string;
  /** After a placed bet: the screen that shows the money reloads it at once. */
  onMoneyMoved: () => void;
}) {
  const queryClient = useQueryClient();
  const placing = usePlaceMatkaBet();
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

  const confirm = (result: Pending) => setPending({ bets: result.bets, total: result.total });

  return (
    <>
      <MatkaBoard onPick={setPicked} />
      <div className={styles.forms} key={generation}>
        <PasteForm onConfirm={confirm} />
        <CrossingForm onConfirm={confirm} />
        <HarupForm onConfirm={confirm} />
      </div>
      <h2 className={styles.sectionTitle}>My Bets</h2>
      <MatkaMyBets mid={mid} />
      {picked && (
        <SingleBetDialog
          key={`${picked}-${generation}`}
          betNo={picked}
          isSending={placing.isPending}
          onPlace={(bets) => void send(bets)}
          onClose={() => setPicked(null)}
        />
      )}
      {pending && (
        <ConfirmBets
          bets={pending.bets}
          total={pending.total}
          isSending={placing.isPending}
          onSubmit={() => void send(pending.bets)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}

import {
  paiseToRupees,
  type MatkaPreview,
  type MatkaPreviewBets,
  type Paise,
} from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import styles from './matka.module.css';

/** Money as the preview writes it: `₹1,200.00`. */
export const rupeesText = (paise: Paise) => `₹${formatMoney(paiseToRupees(paise))}`;

/**
 * The preview's first line: `12 bets · ₹1,200.00 · pays ₹9,000.00 if one hits` (`pays up to` when
 * the numbers carry different amounts; no payout part while the site's payout is not known).
 */
export function previewSummary(preview: MatkaPreviewBets): string {
  const count = `${preview.count} ${preview.count === 1 ? 'bet' : 'bets'}`;
  const parts = [count, rupeesText(preview.total)];
  if (preview.payout !== null) {
    parts.push(
      `pays ${preview.payoutVaries ? 'up to ' : ''}${rupeesText(preview.payout)} if one hits`,
    );
  }
  return parts.join(' · ');
}

/** What the entry dropped, repeated or merged, one sentence each (none when nothing was). */
export function previewNotes(preview: MatkaPreviewBets): string[] {
  const notes: string[] = [];
  if (preview.dropped.length > 0) notes.push(`Dropped, above 99: ${preview.dropped.join(', ')}`);
  if (preview.repeated.length > 0) {
    const repeats = preview.repeated.map((repeat) => `${repeat.betNo} ×${repeat.times}`);
    notes.push(`Typed more than once, each kept as its own bet: ${repeats.join(', ')}`);
  }
  if (preview.merged.length > 0) {
    notes.push(`In both rows, one bet with both tenths: ${preview.merged.join(', ')}`);
  }
  if (preview.ignored.length > 0) {
    notes.push(`Chosen more than once, counted once: ${preview.ignored.join(', ')}`);
  }
  return notes;
}

/**
 * A form's live preview (region `<form> preview`, test id `matka-preview`): what Confirm will list
 * — the count, the total, what one hit pays, the numbers — and the entry's notes; or the form's
 * message while it shows none of its own. The first line is read out as it changes.
 */
export function BetPreview({
  label,
  preview,
  showMessage,
}: {
  label: string;
  preview: MatkaPreview;
  /** The form shows no message of its own: the preview's may show. */
  showMessage: boolean;
}) {
  const bets = preview.kind === 'bets' ? preview : null;
  const message = preview.kind === 'message' && showMessage ? preview.message : '';
  return (
    <section
      className={styles.preview}
      aria-label={label}
      data-testid="matka-preview"
      data-state={preview.kind}
    >
      <p
        className={bets ? styles.previewSummary : styles.previewMessage}
        aria-live="polite"
        data-testid="matka-preview-summary"
      >
        {bets ? previewSummary(bets) : message}
      </p>
      {bets && (
        <>
          <ul className={styles.previewNumbers} aria-label="Numbers">
            {bets.bets.map((bet, index) => (
              // A paste's repeated number is a bet each time: the position is part of the key.
              <li key={`${bet.betNo}-${index}`}>{bet.betNo}</li>
            ))}
          </ul>
          {previewNotes(bets).map((note) => (
            <p key={note} className={styles.previewNote}>
              {note}
            </p>
          ))}
        </>
      )}
    </section>
  );
}

import type { BoEvent } from '@backlay/contract/backoffice';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { setCustomBookmaker } from '../api/set-custom-bookmaker';
import { setCustomFancy } from '../api/set-custom-fancy';
import { useInstantAction } from '../hooks/use-instant-action';
import styles from './backoffice.module.css';

const PRICE_FIELDS = [
  ['backPrice', 'Back price'],
  ['backSize', 'Back size'],
  ['layPrice', 'Lay price'],
  ['laySize', 'Lay size'],
] as const;

type PriceField = (typeof PRICE_FIELDS)[number][0];
type Prices = Record<PriceField, string>;
const NO_PRICES: Prices = { backPrice: '', backSize: '', layPrice: '', laySize: '' };

/** A whole number typed in a field, or undefined. */
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);

function pricesOf(prices: Prices): Record<PriceField, number> | undefined {
  const parsed = Object.fromEntries(PRICE_FIELDS.map(([key]) => [key, whole(prices[key])]));
  return Object.values(parsed).every((value) => value !== undefined)
    ? (parsed as Record<PriceField, number>)
    : undefined;
}

/**
 * The operator's custom rows (docs/product.md#entities): a fancy row or a bookmaker row added to an event or
 * changed, its prices as whole numbers (bookmaker odds per 100). The server checks every field
 * and answers in words.
 */
export function CustomRows({
  events,
  onSaved,
}: {
  events: readonly BoEvent[];
  onSaved: () => void;
}) {
  return (
    <>
      <details className={styles.details}>
        <summary>Custom fancy row</summary>
        <CustomFancyForm events={events} onSaved={onSaved} />
      </details>
      <details className={styles.details}>
        <summary>Custom bookmaker row</summary>
        <CustomBookmakerForm events={events} onSaved={onSaved} />
      </details>
    </>
  );
}

function CustomFancyForm({ events, onSaved }: { events: readonly BoEvent[]; onSaved: () => void }) {
  const { busy, run } = useInstantAction([]);
  const [eventId, setEventId] = useState(String(events[0]?.eventId ?? ''));
  const [selectionId, setSelectionId] = useState('');
  const [runnerName, setRunnerName] = useState('');
  const [isCustom, setCustom] = useState(true);
  const [isActive, setActive] = useState(true);
  const [prices, setPrices] = useState(NO_PRICES);
  const [gameStatus, setGameStatus] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = pricesOf(prices);
    const limits = { min: whole(min), max: whole(max) };
    if (!whole(eventId)) return setError('Pick the event');
    if (!/^\d+-\d+$/.test(selectionId.trim()))
      return setError('Selection id must read <EventId>-<n>, e.g. 12345-7');
    if (runnerName.trim() === '') return setError('Enter the row name');
    if (!parsed) return setError('Prices and sizes are whole numbers');
    if (!limits.min || !limits.max) return setError('Min and max stakes are whole rupees');
    setError(null);
    const isSaved = await run('fancy', () =>
      setCustomFancy({
        eventId: Number(eventId),
        selectionId: selectionId.trim(),
        runnerName: runnerName.trim(),
        isCustome: isCustom,
        isActive,
        ...parsed,
        gameStatus: gameStatus.trim(),
        min: limits.min ?? 0,
        max: limits.max ?? 0,
      }),
    );
    if (isSaved) onSaved();
  }

  return (
    <form
      className={styles.form}
      aria-label="Custom fancy row"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <EventSelect events={events} value={eventId} onChange={setEventId} />
      <TextField label="Selection id" value={selectionId} onChange={setSelectionId} />
      <TextField label="Row name" value={runnerName} onChange={setRunnerName} />
      <PriceFields prices={prices} onChange={setPrices} />
      <TextField label="Game status" value={gameStatus} onChange={setGameStatus} />
      <TextField label="Min stake" value={min} onChange={setMin} numeric />
      <TextField label="Max stake" value={max} onChange={setMax} numeric />
      <Check label="Custom prices" checked={isCustom} onChange={setCustom} />
      <Check label="Active" checked={isActive} onChange={setActive} />
      <FormEnd error={error}>
        <button type="submit" className={styles.primary} disabled={busy !== null}>
          Save fancy row
        </button>
      </FormEnd>
    </form>
  );
}

function CustomBookmakerForm({
  events,
  onSaved,
}: {
  events: readonly BoEvent[];
  onSaved: () => void;
}) {
  const { busy, run } = useInstantAction([]);
  const [eventId, setEventId] = useState(String(events[0]?.eventId ?? ''));
  const [selectionId, setSelectionId] = useState('');
  const [runnerName, setRunnerName] = useState('');
  const [isCustom, setCustom] = useState(true);
  const [isActive, setActive] = useState(true);
  const [isSuspended, setSuspended] = useState(false);
  const [prices, setPrices] = useState(NO_PRICES);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = pricesOf(prices);
    const selection = whole(selectionId);
    if (!whole(eventId)) return setError('Pick the event');
    if (!selection) return setError('Selection id is a whole number');
    if (runnerName.trim() === '') return setError('Enter the runner name');
    if (!parsed) return setError('Prices and sizes are whole numbers');
    setError(null);
    const isSaved = await run('bookmaker', () =>
      setCustomBookmaker({
        // docs/decisions.md#api: an event's bookmaker market is `<EventId>B`.
        marketId: `${Number(eventId)}B`,
        selectionId: selection,
        runnerName: runnerName.trim(),
        isCustome: isCustom,
        isActive,
        status: isSuspended ? 'SUSPENDED' : 'ACTIVE',
        ...parsed,
      }),
    );
    if (isSaved) onSaved();
  }

  return (
    <form
      className={styles.form}
      aria-label="Custom bookmaker row"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <EventSelect events={events} value={eventId} onChange={setEventId} />
      <TextField label="Selection id" value={selectionId} onChange={setSelectionId} numeric />
      <TextField label="Runner name" value={runnerName} onChange={setRunnerName} />
      <PriceFields prices={prices} onChange={setPrices} />
      <Check label="Custom prices" checked={isCustom} onChange={setCustom} />
      <Check label="Active" checked={isActive} onChange={setActive} />
      <Check label="Suspended" checked={isSuspended} onChange={setSuspended} />
      <FormEnd error={error}>
        <button type="submit" className={styles.primary} disabled={busy !== null}>
          Save bookmaker row
        </button>
      </FormEnd>
    </form>
  );
}

function EventSelect({
  events,
  value,
  onChange,
}: {
  events: readonly BoEvent[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Event</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {events.map((event) => (
          <option key={event.eventId} value={event.eventId}>
            {event.name} ({event.eventId})
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  numeric = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={numeric ? 'numeric' : undefined}
        size={numeric ? 8 : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function PriceFields({ prices, onChange }: { prices: Prices; onChange: (prices: Prices) => void }) {
  return PRICE_FIELDS.map(([key, label]) => (
    <TextField
      key={key}
      label={label}
      value={prices[key]}
      numeric
      onChange={(value) => onChange({ ...prices, [key]: value })}
    />
  ));
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

function FormEnd({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {children}
    </>
  );
}

import { CASINO_GAMES } from '@backlay/contract/casino/client';

/*
 * The house screens' words for what the server names as codes (docs/backoffice.md, "Screens"):
 * a state, a ledger kind or a game is shown as a word, never as `profit_loss` or `IN_PLAY`.
 */

const KNOWN: Readonly<Record<string, string>> = {
  // Events (the events table) and the feed's names of them.
  inplay: 'In play',
  in_play: 'In play',
  upcoming: 'Upcoming',
  // Ledger kinds of a statement row.
  profit_loss: 'Profit/loss',
  // Exclusions (safer betting).
  self_exclusion: 'Self-exclusion',
  time_out: 'Time-out',
};

/**
 * A code as a word: `OPEN` → Open, `rolled_back` → Rolled back, `inplay` → In play. Unknown codes
 * lose their underscores and capitals rather than show as they came.
 */
export function statusWord(code: string): string {
  const known = KNOWN[code.toLowerCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words === '' ? '—' : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** A casino game by its lobby name (`7 Up Down`); an unknown id as it came. */
export function casinoGameName(gameId: string): string {
  return CASINO_GAMES.find((game) => game.id === gameId)?.name ?? gameId;
}

/** A count with Indian grouping (`1,20,000`): bets, rounds. */
export function countText(count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  const grouped =
    digits.length <= 3
      ? digits
      : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return `${count < 0 ? '-' : ''}${grouped}`;
}

/** The sports of the feed (docs/product.md#purpose) by their ids; another id as `Sport 7`. */
const SPORT_NAMES: Readonly<Record<number, string>> = { 4: 'Cricket', 1: 'Soccer', 2: 'Tennis' };

export function sportName(sportId: number): string {
  return SPORT_NAMES[sportId] ?? `Sport ${sportId}`;
}

/**
 * A client's open position by its key, in words: a casino round (`casino:r-1`), a fancy session
 * (`301-1`), a matka market (its Mid, digits only) or a market (`1.301`, `301B`).
 */
export function positionLabel(positionKey: string): string {
  if (positionKey.startsWith('casino:')) return `Round ${positionKey.slice('casino:'.length)}`;
  if (/^\d+-\d+$/.test(positionKey)) return `Session ${positionKey}`;
  if (/^\d+$/.test(positionKey)) return `Matka market ${positionKey}`;
  return `Market ${positionKey}`;
}

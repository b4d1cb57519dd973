import { CASINO_GAMES, type CasinoGameId } from '@backlay/contract/casino';
import { SEVEN_UP_DOWN_CHIPS, SEVEN_UP_DOWN_PAYS } from './seven-up-down.js';

/** Text for HTML: element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees as the tables show them: Indian digit grouping, two decimals (docs/decisions.md#silent-rules). */
export const rupeesShown = (rupees: number) => `₹\u00a0${inr.format(rupees)}`;

export const gameName = (gameId: CasinoGameId) =>
  CASINO_GAMES.find((game) => game.id === gameId)?.name ?? gameId;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/table.css">
<script src="/assets/table.js" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
}

/** A page that only says something (a refused or expired launch, an unknown game). */
export function messagePage(title: string, message: string): string {
  return layout(
    title,
    `<main class="table table--message">
  <section class="felt felt--message">
    <h1 class="message-title">${escapeHtml(title)}</h1>
    <p class="message-text">${escapeHtml(message)}</p>
  </section>
</main>`,
  );
}

export interface TableView {
  /** The page's opaque id: the only thing the page's script sends back (see provider.ts). */
  readonly tableId: string;
  readonly gameId: CasinoGameId;
  readonly playerName: string;
  readonly balance: number;
  readonly winLimit: number;
}

const pips = Array.from({ length: 9 }, () => '<span class="pip"></span>').join('');

function sevenUpDownFelt(): string {
  const bets = [
    { bet: 'down', name: 'Down', range: '2 – 6' },
    { bet: 'seven', name: 'Seven', range: '7' },
    { bet: 'up', name: 'Up', range: '8 – 12' },
  ] as const;
  return `<section class="felt felt--dice" aria-label="7 Up Down table">
    <div class="dice">
      <div class="die" id="die-a" data-value="0" role="img" aria-label="First die">${pips}</div>
      <div class="die" id="die-b" data-value="0" role="img" aria-label="Second die">${pips}</div>
    </div>
    <p class="result" id="result" role="status" aria-live="polite">Pick a stake and a bet, then roll the dice.</p>
    <div class="bets" role="group" aria-label="Bet">
      ${bets
        .map(
          (
            entry,
          ) => `<button type="button" class="bet bet--${entry.bet}" data-bet="${entry.bet}" aria-pressed="false">
        <span class="bet-name">${entry.name}</span>
        <span class="bet-range">${entry.range}</span>
        <span class="bet-pays">pays ${SEVEN_UP_DOWN_PAYS[entry.bet]}×</span>
      </button>`,
        )
        .join('\n      ')}
    </div>
    <div class="chips" role="group" aria-label="Stake">
      ${SEVEN_UP_DOWN_CHIPS.map(
        (chip, index) =>
          `<button type="button" class="chip" data-stake="${chip}" aria-pressed="${index === 0}">${inr.format(chip).replace(/\.00$/, '')}</button>`,
      ).join('\n      ')}
    </div>
    <button type="button" class="roll" id="roll" disabled>Pick a bet</button>
    <ol class="history" id="history" aria-label="Last rounds"></ol>
  </section>`;
}

/** A table view of the games whose betting is not open yet. */
function demoFelt(gameId: Exclude<CasinoGameId, 'sevenupsevendown'>): string {
  let scene: string;
  switch (gameId) {
    case 'horseracing':
      scene = `<ol class="track" aria-label="Runners">${[1, 2, 3, 4, 5, 6]
        .map((lane) => `<li class="lane"><span class="horse">${lane}</span></li>`)
        .join('')}</ol>`;
      break;
    case 'roulette':
      scene = `<div class="wheel" aria-hidden="true"></div>
    <ol class="numbers" aria-label="Numbers">${Array.from({ length: 37 }, (_, n) => {
      const tone =
        n === 0
          ? 'green'
          : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n)
            ? 'red'
            : 'black';
      return `<li class="number number--${tone}">${n}</li>`;
    }).join('')}</ol>`;
      break;
    case 'andarbahar':
      scene = `<div class="sides">
      <div class="side"><span class="side-name">Andar</span><span class="card" aria-hidden="true"></span></div>
      <div class="side side--joker"><span class="side-name">Joker</span><span class="card card--face" aria-hidden="true">?</span></div>
      <div class="side"><span class="side-name">Bahar</span><span class="card" aria-hidden="true"></span></div>
    </div>`;
      break;
    case 'lottery':
      scene = `<ol class="balls" aria-label="Numbers">${Array.from(
        { length: 20 },
        (_, n) => `<li class="ball">${n + 1}</li>`,
      ).join('')}</ol>`;
      break;
    default: {
      const unknown: never = gameId;
      throw new Error(`no table for ${String(unknown)}`);
    }
  }
  return `<section class="felt felt--demo felt--${gameId}" aria-label="${escapeHtml(gameName(gameId))} table">
    ${scene}
    <p class="closed" role="status">Demo table — betting opens soon</p>
  </section>`;
}

/** The game's table: our own look, the player's name and balance, the game's name. */
export function tablePage(view: TableView): string {
  const name = gameName(view.gameId);
  const felt = view.gameId === 'sevenupsevendown' ? sevenUpDownFelt() : demoFelt(view.gameId);
  return layout(
    `${name} · Demo casino`,
    `<main class="table" id="table" data-table-id="${escapeHtml(view.tableId)}" data-game="${view.gameId}">
  <header class="bar">
    <h1 class="game">${escapeHtml(name)}</h1>
    <p class="player">
      <span class="player-name">${escapeHtml(view.playerName)}</span>
      <span class="player-balance">Balance <output id="balance">${rupeesShown(view.balance)}</output></span>
    </p>
  </header>
  ${felt}
  <p class="limit">House rule: winnings above ${rupeesShown(view.winLimit)} in one round are not paid.</p>
</main>`,
  );
}

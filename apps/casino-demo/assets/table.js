// The demo casino table's script, served by the provider from its own origin (its CSP admits no
// inline script). It talks only to this origin and names its table by the page's opaque id; the
// provider keeps the wallet session server-side.
(() => {
  'use strict';

  const table = document.getElementById('table');
  if (!table) return;
  const tableId = table.dataset.tableId ?? '';
  const balance = document.getElementById('balance');
  const inr = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const shown = (rupees) => `₹\u00a0${inr.format(rupees)}`;

  async function call(path, body) {
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-table-id': tableId },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
      return await response.json();
    } catch {
      return { ok: false, message: 'The table cannot be reached: check the connection' };
    }
  }

  if (table.dataset.game !== 'sevenupsevendown') return;

  const NAMES = { down: 'Down', seven: 'Seven', up: 'Up' };
  const roll = document.getElementById('roll');
  const result = document.getElementById('result');
  const history = document.getElementById('history');
  const dice = [document.getElementById('die-a'), document.getElementById('die-b')];
  const betButtons = [...document.querySelectorAll('.bet')];
  const chipButtons = [...document.querySelectorAll('.chip')];

  let bet = null;
  let stake = Number(
    chipButtons.find((chip) => chip.getAttribute('aria-pressed') === 'true')?.dataset.stake ?? 100,
  );
  let isBusy = false;

  function refresh() {
    roll.disabled = isBusy || bet === null;
    if (isBusy) roll.textContent = 'Rolling…';
    else if (bet === null) roll.textContent = 'Pick a bet';
    else roll.textContent = `Roll · ${inr.format(stake).replace(/\.00$/, '')} on ${NAMES[bet]}`;
    for (const button of [...betButtons, ...chipButtons]) button.disabled = isBusy;
  }

  function press(buttons, chosen) {
    for (const button of buttons) button.setAttribute('aria-pressed', String(button === chosen));
  }

  for (const button of betButtons) {
    button.addEventListener('click', () => {
      bet = button.dataset.bet;
      press(betButtons, button);
      refresh();
    });
  }
  for (const button of chipButtons) {
    button.addEventListener('click', () => {
      stake = Number(button.dataset.stake);
      press(chipButtons, button);
      refresh();
    });
  }

  function remember(text, isWin) {
    const item = document.createElement('li');
    item.className = isWin ? 'won' : 'lost';
    item.textContent = text;
    history.prepend(item);
    while (history.children.length > 8) history.lastElementChild?.remove();
  }

  roll.addEventListener('click', async () => {
    if (isBusy || bet === null) return;
    isBusy = true;
    refresh();
    result.textContent = 'Rolling…';
    for (const die of dice) die.classList.add('die--rolling');
    const answer = await call('/api/play', { bet, stake });
    for (const die of dice) die.classList.remove('die--rolling');
    isBusy = false;
    refresh();
    if (!answer || answer.ok !== true) {
      result.textContent = answer?.message ?? 'The round did not take place';
      result.dataset.tone = 'refused';
      return;
    }
    dice[0].dataset.value = String(answer.dice[0]);
    dice[1].dataset.value = String(answer.dice[1]);
    dice[0].setAttribute('aria-label', `First die: ${answer.dice[0]}`);
    dice[1].setAttribute('aria-label', `Second die: ${answer.dice[1]}`);
    const thrown = `${answer.dice[0]} + ${answer.dice[1]} = ${answer.total}: ${NAMES[answer.outcome]}`;
    const isWin = answer.paid > 0;
    let text = isWin
      ? `${thrown}. Your ${NAMES[answer.bet]} bet wins: paid ${shown(answer.paid)}.`
      : `${thrown}. Your ${NAMES[answer.bet]} bet loses ${shown(answer.stake)}.`;
    if (answer.isCapped) {
      text += ` Winnings above the winning limit of ${shown(answer.winLimit)} are not paid: the round paid ${shown(answer.paid)} instead of ${shown(answer.payout)}.`;
    }
    result.textContent = text;
    result.dataset.tone = isWin ? 'won' : 'lost';
    if (balance) balance.textContent = shown(answer.balance);
    remember(
      `${answer.total} ${NAMES[answer.outcome]} · ${isWin ? '+' : '−'}${shown(
        Math.abs(answer.paid - answer.stake),
      )}`,
      isWin,
    );
  });

  refresh();
})();

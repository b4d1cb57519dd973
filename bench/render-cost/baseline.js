/* global document, EventSource */
// The render-cost baseline (bench/README.md): the event screen's rows and columns as a minimal
// keyed vanilla-DOM table. Each tick arrives as one server-sent message holding every price
// (the same figures the product gets as fixture steps); the table updates the cells whose text
// changed, keyed by selection id. No framework, no cache, no validation: what bounds the cost.

const size = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const screen = document.getElementById('screen');
/** selection id → its row's four text nodes. */
const rows = new Map();
/** market id (or 'fancy') → its list element. */
const lists = new Map();

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cell(side, label) {
  const button = element('button', side);
  button.type = 'button';
  button.setAttribute('aria-label', label);
  const price = element('span', 'price', '');
  const amount = element('span', 'size', '');
  button.append(price, amount);
  return { button, price, amount };
}

function list(key, title) {
  let ul = lists.get(key);
  if (!ul) {
    const section = element('section');
    section.append(element('h2', '', title));
    ul = element('ul');
    section.append(ul);
    screen.append(section);
    lists.set(key, ul);
  }
  return ul;
}

function row(ul, key, name, first, second) {
  let entry = rows.get(key);
  if (!entry) {
    const li = element('li');
    const a = cell(first, first === 'lay' ? 'No' : 'Back');
    const b = cell(second, second === 'back' ? 'Yes' : 'Lay');
    const cells = element('div', 'cells');
    cells.append(a.button, b.button);
    li.append(element('span', '', name), cells, element('button', '', 'i'));
    ul.append(li);
    entry = { li, a, b, seen: 0 };
    rows.set(key, entry);
  }
  return entry;
}

function set(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

let generation = 0;

function apply(tick) {
  generation += 1;
  for (const market of tick.markets) {
    const ul = list(market.marketId, market.name);
    for (const runner of market.runners) {
      const entry = row(ul, `${market.marketId}:${runner.selectionId}`, runner.name, 'back', 'lay');
      set(entry.a.price, String(runner.back.price));
      set(entry.a.amount, size.format(runner.back.size));
      set(entry.b.price, String(runner.lay.price));
      set(entry.b.amount, size.format(runner.lay.size));
      entry.seen = generation;
    }
  }
  const fancy = list('fancy', 'Fancy');
  for (const session of tick.fancy) {
    const entry = row(fancy, session.selectionId, session.name, 'lay', 'back');
    set(entry.a.price, String(session.noLine));
    set(entry.a.amount, size.format(session.noRate));
    set(entry.b.price, String(session.yesLine));
    set(entry.b.amount, size.format(session.yesRate));
    entry.seen = generation;
  }
  for (const [key, entry] of rows) {
    if (entry.seen !== generation) {
      entry.li.remove();
      rows.delete(key);
    }
  }
}

const source = new EventSource('/ticks');
source.onmessage = (message) => apply(JSON.parse(message.data));

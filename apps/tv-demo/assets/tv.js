// The live TV page's script: one EventSource, every update drawn with textContent only.
(() => {
  'use strict';
  const eventId = document.body.dataset.eventId;
  const bug = document.getElementById('bug');
  const callout = document.getElementById('callout');
  const waiting = document.getElementById('waiting');
  const commentary = document.getElementById('commentary');
  const MAX_LINES = 40;
  let calloutTimer;

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** The ball as a broadcast calls it: FOUR, SIX, WICKET, WIDE, … */
  const callOf = (ball) => {
    if (ball === null || ball === undefined) return null;
    if (ball === 'W' || ball.startsWith('W')) return { text: 'WICKET!', tone: 'wicket' };
    if (ball === '6') return { text: 'SIX!', tone: 'six' };
    if (ball === '4') return { text: 'FOUR!', tone: 'four' };
    if (ball.includes('wd')) return { text: 'WIDE', tone: 'extra' };
    if (ball.includes('nb')) return { text: 'NO BALL', tone: 'extra' };
    if (ball === '0') return { text: 'DOT BALL', tone: 'dot' };
    const runs = Number.parseInt(ball, 10);
    return Number.isFinite(runs)
      ? { text: runs === 1 ? '1 RUN' : `${runs} RUNS`, tone: 'runs' }
      : null;
  };

  const toneOf = (ball) => callOf(ball)?.tone ?? 'runs';

  const ballChip = (ball) => el('span', `ball ball-${toneOf(ball)}`, ball);

  const showCallout = (ball) => {
    const call = callOf(ball);
    if (!call) return;
    callout.textContent = call.text;
    callout.className = `callout callout-${call.tone}`;
    callout.hidden = false;
    clearTimeout(calloutTimer);
    calloutTimer = setTimeout(() => {
      callout.hidden = true;
    }, 2500);
  };

  const cricketBug = (score) => {
    const nodes = [];
    const innings = score.innings[score.innings.length - 1];
    const first = score.innings.length === 2 ? score.innings[0] : undefined;
    if (innings) {
      const team = el('div', 'bug-team');
      team.append(el('span', 'bug-name', innings.team));
      team.append(el('span', 'bug-runs', `${innings.runs}/${innings.wickets}`));
      team.append(el('span', 'bug-overs', `${innings.overs} ov`));
      nodes.push(team);
    }
    const over = el('div', 'bug-over');
    over.append(el('span', 'bug-label', 'This over'));
    for (const ball of score.currentOver) over.append(ballChip(ball));
    nodes.push(over);
    const facts = el('div', 'bug-facts');
    if (innings) facts.append(el('span', undefined, `CRR ${innings.runRate.toFixed(2)}`));
    if (first) facts.append(el('span', undefined, `Target ${first.runs + 1}`));
    if (score.requiredRunRate !== null)
      facts.append(el('span', undefined, `RRR ${score.requiredRunRate.toFixed(2)}`));
    nodes.push(facts);
    return nodes;
  };

  const otherBug = (score) => {
    const tennis = document.body.dataset.sportId === '2';
    const side = (entry) => {
      const row = el('div', 'bug-team');
      row.append(el('span', 'bug-name', entry.name));
      row.append(el('span', 'bug-runs', String(entry.score)));
      if (tennis) row.append(el('span', 'bug-overs', `${entry.games} g`));
      return row;
    };
    const facts = el('div', 'bug-facts');
    facts.append(
      el('span', undefined, tennis ? `Set ${score.currentSet}` : `${score.currentSet}'`),
    );
    return [side(score.home), side(score.away), facts];
  };

  const renderScore = (score) => {
    if (!score) return;
    waiting.hidden = true;
    bug.replaceChildren(...(score.kind === 'cricket' ? cricketBug(score) : otherBug(score)));
  };

  const addLine = (line) => {
    if (!line) return;
    const item = el('li', 'line');
    item.dataset.n = String(line.n);
    if (line.ball !== null) item.append(ballChip(line.ball));
    item.append(el('span', 'line-text', line.text));
    commentary.prepend(item);
    while (commentary.children.length > MAX_LINES) commentary.lastElementChild.remove();
  };

  const source = new EventSource(`/tv/${encodeURIComponent(eventId)}/stream`);
  source.addEventListener('snapshot', (message) => {
    const { score, lines } = JSON.parse(message.data);
    commentary.replaceChildren();
    for (const line of lines) addLine(line);
    renderScore(score);
  });
  source.addEventListener('score', (message) => {
    const { score, line } = JSON.parse(message.data);
    renderScore(score);
    if (line) {
      addLine(line);
      showCallout(line.ball);
    }
  });
})();

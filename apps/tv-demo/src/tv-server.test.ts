import { afterEach, describe, expect, it } from 'vitest';
import type { CricketScore, Score, ScoreSource } from './score.js';
import { createTvServer, type TvServer } from './tv-server.js';

/** A score book as the API server's feed keeps one: the latest score, and every new one pushed. */
class ScoreBook extends Map<number, Score> implements ScoreSource {
  readonly #listeners = new Set<(eventId: number, score: Score) => void>();

  override set(eventId: number, score: Score): this {
    super.set(eventId, score);
    for (const listener of this.#listeners) listener(eventId, score);
    return this;
  }

  subscribe(listener: (eventId: number, score: Score) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const createScoreBook = () => new ScoreBook();

/** The cricket score after one more ball of the first over (the feed's own builder, cut down). */
function cricketScoreAfterBall(
  previous: CricketScore | undefined,
  innings: readonly { team: string; runs: number; wickets: number; overs: string }[],
  ball: string,
  commentary: string,
): CricketScore {
  return {
    kind: 'cricket',
    innings: innings.map((entry) => ({ ...entry, runRate: 0 })),
    currentOver: [...(previous?.currentOver ?? []), ball],
    requiredRunRate: null,
    commentary,
  };
}

const EVENT_ID = 31200455;
const EVENT = { name: 'Lions v Tigers', seriesName: 'Premier T20', sportId: 4 };

let server: TvServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(scores: ScoreBook): Promise<string> {
  server = createTvServer({
    scores,
    findEvent: async (eventId) => (eventId === EVENT_ID ? EVENT : undefined),
  });
  const port = await server.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

/** Reads Server-Sent Events off a fetch body, one parsed event at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function next(): Promise<{ event: string; data: unknown }> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

const innings = (runs: number, wickets: number, overs: string) => [
  { team: 'Lions', runs, wickets, overs },
];

describe('the live TV page', () => {
  it('serves the match page from its own server with a frameable, script-only-from-self CSP', async () => {
    const base = await start(createScoreBook());
    const page = await fetch(`${base}/tv/${EVENT_ID}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Lions v Tigers');
    expect(html).toContain(`data-event-id="${EVENT_ID}"`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors *');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${base}/tv/assets/tv.js`)).headers.get('content-type')).toMatch(
      /javascript/,
    );
    expect((await fetch(`${base}/tv/999`)).status).toBe(404);
    expect((await fetch(`${base}/tv/abc`)).status).toBe(404);
    expect((await fetch(`${base}/tv/${EVENT_ID}`, { method: 'POST' })).status).toBe(405);
  });

  it('escapes names it did not write', async () => {
    server = createTvServer({
      scores: createScoreBook(),
      findEvent: async () => ({ name: '<script>alert(1)</script>', seriesName: '"x"', sportId: 4 }),
    });
    const port = await server.listen(0, '127.0.0.1');
    const html = await (await fetch(`http://127.0.0.1:${port}/tv/1`)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('pushes every ball with its line of commentary, and a snapshot to a page that opens mid-match', async () => {
    const scores = createScoreBook();
    const base = await start(scores);
    const first = cricketScoreAfterBall(
      undefined,
      innings(4, 0, '0.1'),
      '4',
      '0.1 Khan to Rao, FOUR',
    );
    scores.set(EVENT_ID, first);

    const controller = new AbortController();
    const response = await fetch(`${base}/tv/${EVENT_ID}/stream`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const next = sseReader(response.body!);
    expect(await next()).toEqual({
      event: 'snapshot',
      data: { score: first, lines: [{ n: 1, text: '0.1 Khan to Rao, FOUR', ball: '4' }] },
    });

    const second = cricketScoreAfterBall(first, innings(4, 1, '0.2'), 'W', '0.2 Khan to Rao, OUT');
    scores.set(EVENT_ID, second);
    expect(await next()).toEqual({
      event: 'score',
      data: { score: second, line: { n: 2, text: '0.2 Khan to Rao, OUT', ball: 'W' } },
    });

    // The same moment again (a repeated update) adds no line.
    scores.set(EVENT_ID, second);
    expect(await next()).toEqual({ event: 'score', data: { score: second } });
    // Another event's balls go to that event's pages only.
    scores.set(EVENT_ID + 1, first);
    const third = cricketScoreAfterBall(second, innings(10, 1, '0.3'), '6', '0.3 Khan to Das, SIX');
    scores.set(EVENT_ID, third);
    expect(await next()).toMatchObject({ event: 'score', data: { line: { n: 3, ball: '6' } } });
    expect(server?.streams()).toBe(1);
    controller.abort();
  });
});

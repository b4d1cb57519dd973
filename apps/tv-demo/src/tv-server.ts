import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from './html.js';
import type { Score, ScoreSource } from './score.js';

/**
 * The built-in live TV page (docs/decisions.md#silent-rules "Casino … Live TV"): on its own origin and port, a
 * broadcast-like view of the simulated match — score bug, the over in progress, the last ball
 * called out, ball-by-ball commentary — pushed over Server-Sent Events on every ball.
 */

/** What the page shows above the score. */
export interface TvEvent {
  readonly name: string;
  readonly seriesName: string;
  readonly sportId: number;
}

/** One line of commentary, numbered so a reconnecting page can tell what it has seen. */
export interface TvLine {
  readonly n: number;
  readonly text: string;
  /** Cricket: the ball as the over shows it ('4', 'W', '1wd'); otherwise null. */
  readonly ball: string | null;
}

export interface TvServerDeps {
  /** The feed's latest scores (the API server's ScoreBook); every ball comes through it. */
  readonly scores: ScoreSource;
  readonly findEvent: (eventId: number) => Promise<TvEvent | undefined>;
  /** Lines kept per event for a page that opens mid-match. */
  readonly historySize?: number;
  /** How often an idle stream gets a comment line, so proxies keep it open. */
  readonly keepAliveMs?: number;
  readonly log?: (message: string) => void;
}

export interface TvServer {
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
  /** Open streams; for tests and the drain log. */
  streams(): number;
}

/** The page's script and style: in `assets/` beside `src/` and `dist/`, read by both. */
const ASSETS_DIR = fileURLToPath(new URL('../assets/', import.meta.url));
const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  '/tv/assets/tv.js': { file: 'tv.js', type: 'text/javascript; charset=utf-8' },
  '/tv/assets/tv.css': { file: 'tv.css', type: 'text/css; charset=utf-8' },
};

/** Our pages may be framed by any of our brands' hosts; they load nothing from elsewhere. */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

const EVENT_PATH = /^\/tv\/(\d{1,18})(\/stream)?$/;

/** The ball a cricket score update adds, if it is one. */
function ballOf(score: Score): string | null {
  return score.kind === 'cricket'
    ? (score.currentOver[score.currentOver.length - 1] ?? null)
    : null;
}

/** What makes two consecutive scores the same moment (a repeated update adds no line). */
function momentOf(score: Score): string {
  if (score.kind === 'cricket') {
    const innings = score.innings[score.innings.length - 1];
    return `${score.innings.length}|${innings?.overs ?? ''}|${innings?.runs ?? ''}|${score.commentary}`;
  }
  return `${score.home.score}-${score.away.score}|${score.home.games}-${score.away.games}|${score.currentSet}|${score.commentary}`;
}

export function pageHtml(eventId: number, event: TvEvent | undefined): string {
  const title = event ? `${event.name} — Live` : 'Live TV';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/tv/assets/tv.css">
<script src="/tv/assets/tv.js" defer></script>
</head>
<body data-event-id="${eventId}" data-sport-id="${event?.sportId ?? 0}">
<main class="screen" aria-label="Live TV">
  <header class="top">
    <span class="live" aria-label="Live"><span class="dot"></span>LIVE</span>
    <span class="series">${escapeHtml(event?.seriesName ?? '')}</span>
    <span class="match">${escapeHtml(event?.name ?? `Event ${eventId}`)}</span>
  </header>
  <section class="stage" aria-live="polite">
    <div class="callout" id="callout" hidden></div>
    <div class="waiting" id="waiting">${event ? 'Waiting for the first ball…' : 'No such match'}</div>
  </section>
  <ol class="commentary" id="commentary" aria-label="Commentary"></ol>
  <footer class="bug" id="bug" aria-label="Score"></footer>
</main>
</body>
</html>
`;
}

export function createTvServer(deps: TvServerDeps): TvServer {
  const historySize = deps.historySize ?? 40;
  const keepAliveMs = deps.keepAliveMs ?? 15_000;
  const history = new Map<number, { moment: string; lines: TvLine[]; next: number }>();
  const streams = new Map<number, Set<ServerResponse>>();
  const assets = new Map(
    Object.entries(ASSETS).map(([path, asset]) => [
      path,
      { body: readFileSync(ASSETS_DIR + asset.file), type: asset.type },
    ]),
  );

  const send = (response: ServerResponse, kind: string, data: unknown) =>
    response.write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);

  const unsubscribe = deps.scores.subscribe((eventId, score) => {
    const moment = momentOf(score);
    const kept = history.get(eventId) ?? { moment: '', lines: [], next: 1 };
    let line: TvLine | undefined;
    if (moment !== kept.moment && score.commentary !== '') {
      line = { n: kept.next, text: score.commentary, ball: ballOf(score) };
      kept.lines = [...kept.lines, line].slice(-historySize);
      kept.next += 1;
    }
    kept.moment = moment;
    history.set(eventId, kept);
    for (const response of streams.get(eventId) ?? []) send(response, 'score', { score, line });
  });

  const openStream = (eventId: number, request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write('retry: 2000\n\n');
    send(response, 'snapshot', {
      score: deps.scores.get(eventId) ?? null,
      lines: history.get(eventId)?.lines ?? [],
    });
    const group = streams.get(eventId) ?? new Set<ServerResponse>();
    group.add(response);
    streams.set(eventId, group);
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
    keepAlive.unref();
    request.on('close', () => {
      clearInterval(keepAlive);
      group.delete(response);
      if (group.size === 0) streams.delete(eventId);
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
      return;
    }
    const asset = assets.get(path);
    if (asset) {
      response
        .writeHead(200, {
          ...SECURITY_HEADERS,
          'Content-Type': asset.type,
          'Cache-Control': 'public, max-age=300',
        })
        .end(request.method === 'HEAD' ? undefined : asset.body);
      return;
    }
    const match = EVENT_PATH.exec(path);
    const eventId = match ? Number(match[1]) : NaN;
    if (!match || !Number.isSafeInteger(eventId)) {
      response
        .writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Not found');
      return;
    }
    if (match[2]) {
      openStream(eventId, request, response);
      return;
    }
    const event = await deps.findEvent(eventId);
    response
      .writeHead(event ? 200 : 404, {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      .end(request.method === 'HEAD' ? undefined : pageHtml(eventId, event));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      deps.log?.(`tv: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, SECURITY_HEADERS);
      response.end();
    });
  });

  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    close: () =>
      new Promise((resolve) => {
        unsubscribe();
        for (const group of streams.values()) for (const response of group) response.end();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    streams: () => [...streams.values()].reduce((sum, group) => sum + group.size, 0),
  };
}

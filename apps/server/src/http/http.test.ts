import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  LAT_LONG,
  login,
  OPS_TOKEN,
  TEST_PASSWORD,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { openDatabase } from '../db/pool.js';
import { isDatabaseUnavailable } from './errors.js';
import { brandedPage, matchesPattern, webManifest } from './web.js';

let database: TestDatabase;
let app: FastifyInstance;
let webDist: string;
const logs: string[] = [];
const BUILT_PAGE =
  '<!doctype html><html lang="en" style="--brand-primary:#123c3a;--brand-logo:url(&quot;/brand/backlay-logo.svg&quot;)">' +
  '<title>Backlay — Exchange, Matka &amp; Casino</title><div id="root"></div></html>';

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await mkdtemp(join(tmpdir(), 'backlay-web-'));
  await mkdir(join(webDist, 'assets'));
  // As scripts/prerender.mjs writes it: the default brand in the root's style and the title.
  await writeFile(join(webDist, 'index.html'), BUILT_PAGE);
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The landing page as scripts/prerender.mjs writes it.
  await mkdir(join(webDist, 'pages'));
  await writeFile(
    join(webDist, 'pages', 'landing.html'),
    '<!doctype html><title>Backlay</title><div id="root"><main>Prerendered</main></div>',
  );
  // A route's own page, linking its chunks, as scripts/prerender.mjs writes it.
  await writeFile(
    join(webDist, 'pages', 'route-0.html'),
    '<!doctype html><link rel="modulepreload" href="/assets/event-b2.js"><div id="root"></div>',
  );
  await writeFile(
    join(webDist, 'pages', 'routes.json'),
    JSON.stringify([{ pattern: '/market/:sportId/:eventId', file: 'pages/route-0.html' }]),
  );
  // The copies scripts/build.mjs makes beside each built file.
  await writeFile(
    join(webDist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  await writeFile(join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  // The service worker and the default brand's icons (apps/web/public/icons), as the build writes them.
  await writeFile(join(webDist, 'sw.js'), 'const BUILD_ID = "abc";');
  await mkdir(join(webDist, 'icons'));
  await writeFile(join(webDist, 'icons', 'backlay-192.png'), 'png');
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  app = await buildTestApp(database.db, { webDist, logStream, config: { logLevel: 'info' } });
  await createTestClient(database.db, 'henry', 10);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff and a referrer policy on pages, API answers and errors', async () => {
    for (const url of ['/', '/api/health', '/api/no-such-call']) {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('marks authenticated answers no-store', async () => {
    const session = await login(app, 'henry');
    const response = await app.inject({
      url: '/api/AmountModels/GetBalanceDetail',
      headers: bearer(session.Token),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('bad input', () => {
  it('answers a malformed JSON body with 400 and a clear Result', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "henry", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Status: false, Result: 'Malformed JSON body' });
  });

  it('answers a schema violation with 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin',
      payload: { username: 42, password: TEST_PASSWORD, LatLong: LAT_LONG },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Status).toBe(false);
    expect(response.json().Result).toMatch(/^Invalid body: username: /);
  });

  it('answers a 2 MB body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin',
      payload: { username: 'henry', password: 'x'.repeat(2 * 1024 * 1024), LatLong: LAT_LONG },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ Status: false, Result: 'Request body is too large' });
  });

  it('keeps money routes to a small body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/ops/credit',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      payload: { username: 'henry', amount: 1, remark: 'x'.repeat(20_000) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await app.inject({ url: '/api/Nothing/Here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ Status: false, Result: 'No route GET /api/Nothing/Here' });
  });

  it('refuses a NUL character in a body or query with 400 before any handler runs', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin',
      payload: { username: 'hen\u0000ry', password: TEST_PASSWORD, LatLong: LAT_LONG },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ Status: false, Result: 'Text must not contain NUL characters' });
    const news = await app.inject({
      method: 'POST',
      url: '/api/ops/news',
      headers: bearer(OPS_TOKEN),
      payload: { message: '\u0000' },
    });
    expect(news.statusCode).toBe(400);
    const query = await app.inject({
      url: '/api/Authenticate/ValidLogin?ipAddress=%00',
      method: 'POST',
      payload: {},
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().Result).toBe('Text must not contain NUL characters');
  });

  it('answers a malformed URL and a too long path parameter in our envelope', async () => {
    // Without the built client: its catch-all page route would take the long path first.
    const apiOnly = await buildTestApp(database.db);
    const malformed = await apiOnly.inject({ url: '/api/Odds/BmFancy/%ED%A0%80' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ Status: false, Result: 'Malformed URL' });
    const long = await apiOnly.inject({ url: `/api/Odds/BmFancy/${'9'.repeat(400)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ Status: false, Result: 'A path parameter is too long' });
    await apiOnly.close();
  });

  it('never leaks internals from a failure', async () => {
    // A dropped database makes every query fail inside the handler.
    const closedDatabase = await createTestDatabase();
    const failing = await buildTestApp(closedDatabase.db);
    await closedDatabase.drop();
    const response = await failing.inject({ url: '/api/NewsModels/GetPublicNews' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ Status: false, Result: 'Internal server error' });
    await failing.close();
  });
});

describe('a database out of reach', () => {
  it('answers 503 with Retry-After and a clear Result, not 500', async () => {
    // Nothing listens on port 1: every connection is refused, as during an outage.
    const unreachable = openDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const cut = await buildTestApp(unreachable.db);
    const response = await cut.inject({ url: '/api/NewsModels/GetPublicNews' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      Status: false,
      Result: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    await cut.close();
    await unreachable.close();
  });

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'PostgreSQL shutting down',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    [
      'PostgreSQL in recovery',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a wrapped cause', new Error('query failed', { cause: new Error('Connection terminated') })],
  ])('tells %s apart from a fault of ours', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    [
      'a missing database',
      Object.assign(new Error('database "x" does not exist'), { code: '3D000' }),
    ],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('malformed HTTP', () => {
  it('answers a request Node cannot parse with 400 in our envelope and closes the socket', async () => {
    const listening = await buildTestApp(database.db);
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost x\r\n\r\n'),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
      '{"Status":false,"Result":"Malformed HTTP request"}',
    );
    await listening.close();
  });
});

describe('the drain', () => {
  it('answers a request on an open keep-alive connection 503 with Connection: close, and finishes the one in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Holds the drain between its start and the listener's close, as the hub's close does.
    let drained!: () => void;
    const holding = new Promise<void>((resolve) => (drained = resolve));
    let draining!: () => void;
    const started = new Promise<void>((resolve) => (draining = resolve));
    const app = await buildTestApp(database.db, {
      routes: (server) => {
        server.get('/api/test/slow', async () => {
          entered();
          await gate;
          return { done: true };
        });
        server.addHook('preClose', async () => {
          draining();
          await holding;
        });
      },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, via: http.Agent) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          http
            .get(`${base}${path}`, { agent: via }, (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
              );
            })
            .on('error', reject);
        },
      );
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slow = get('/api/test/slow', busy);
    await inside;
    expect((await get('/api/health', agent)).status).toBe(200);

    const closed = app.close();
    await started;
    const late = await get('/api/health', agent);
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');
    expect(late.headers['retry-after']).toBe('5');
    expect(JSON.parse(late.body)).toEqual({
      Status: false,
      Result: 'The server is restarting. Please try again in a moment.',
    });
    drained();
    release();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe('close');
    expect(JSON.parse(finished.body)).toEqual({ done: true });
    await closed;
    // The listener is closed: a new connection is refused.
    await expect(get('/api/health', new http.Agent())).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    agent.destroy();
    busy.destroy();
  });
});

describe('the built client', () => {
  it("puts the host's brand logo and title where the build wrote the default's", async () => {
    const own = await app.inject({ url: '/home', headers: { host: 'www.skyexch.com' } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('text/html');
    expect(own.body).toBe(
      BUILT_PAGE.replaceAll('/brand/backlay-logo.svg', '/brand/skyexch-logo.svg').replace(
        'Backlay — Exchange, Matka &amp; Casino',
        'SkyExch — Live Exchange',
      ),
    );
    const unknown = await app.inject({ url: '/home', headers: { host: '127.0.0.1:3000' } });
    expect(unknown.body).toBe(BUILT_PAGE);
    expect(
      brandedPage(BUILT_PAGE, {
        logo: '/brand/backlay-logo.svg',
        title: 'Backlay — Exchange, Matka & Casino',
      }),
    ).toBeUndefined();
    expect(brandedPage(BUILT_PAGE, { logo: '/b/"x".svg', title: 'A <b> & "c"' })).toContain(
      'url(&quot;/b/&quot;x&quot;.svg&quot;)',
    );
  });

  it('serves index.html for any page path, so routes render from their URL', async () => {
    for (const url of ['/home', '/market/4/123', '/login?x=1', '/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves the prerendered landing page for /, never cached without revalidation', async () => {
    for (const url of ['/', '/?ref=x']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"><main>Prerendered</main></div>');
    }
  });

  it("names the host's brand logo for preloading on every page", async () => {
    for (const url of ['/', '/login']) {
      const own = await app.inject({ url, headers: { host: 'www.skyexch.com' } });
      expect(own.headers.link).toBe('</brand/skyexch-logo.svg>; rel=preload; as=image');
      const unknown = await app.inject({ url, headers: { host: '127.0.0.1:3000' } });
      expect(unknown.headers.link).toBe('</brand/backlay-logo.svg>; rel=preload; as=image');
    }
  });

  it("sends a path of a route its route's own page, which links the route's chunks", async () => {
    const response = await app.inject({ url: '/Market/4/123?x=1', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<link rel="modulepreload" href="/assets/event-b2.js">');
    expect(response.headers.link).toBe('</brand/backlay-logo.svg>; rel=preload; as=image');
    const other = await app.inject({ url: '/market/4', headers: { host: 'localhost' } });
    expect(other.body).toBe(BUILT_PAGE);
  });

  it('matches a path to a route pattern as the client router does', () => {
    expect(matchesPattern('/market/:sportId/:eventId', '/market/4/90000001')).toBe(true);
    expect(matchesPattern('/market/:sportId/:eventId', '/market/4/90000001/')).toBe(true);
    expect(matchesPattern('/market/:sportId/:eventId', '/market/4')).toBe(false);
    expect(matchesPattern('/market/:sportId/:eventId', '/match/4/1')).toBe(false);
    expect(matchesPattern('/home', '/HOME')).toBe(true);
  });

  it("answers the host's brand's web app manifest, revalidated on each use", async () => {
    const own = await app.inject({
      url: '/manifest.webmanifest',
      headers: { host: 'localhost:8080' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(own.headers['cache-control']).toBe('no-cache');
    expect(own.json()).toEqual({
      id: '/',
      name: 'Backlay',
      short_name: 'Backlay',
      description: 'Backlay — Exchange, Matka & Casino',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#123c3a',
      background_color: '#eef1f3',
      icons: [
        { src: '/icons/backlay-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/backlay-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/backlay-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    });
    // This build drew no icons for SkyExch: its favicon stands in.
    const other = await app.inject({
      url: '/manifest.webmanifest',
      headers: { host: 'www.skyexch.com' },
    });
    expect(other.json()).toMatchObject({
      name: 'SkyExch',
      short_name: 'SkyExch',
      theme_color: '#0f3b7a',
      icons: [{ src: '/brand/skyexch-favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
  });

  it('names every icon of a brand the build drew, the maskable one apart', () => {
    const manifest = webManifest(
      {
        id: 'tigerbook',
        name: 'TigerBook',
        title: 'TigerBook — Cricket Exchange',
        logo: '/brand/tigerbook-logo.svg',
        favicon: '/brand/tigerbook-favicon.svg',
        colors: {
          primary: '#9a3412',
          primaryDark: '#6c240b',
          onPrimary: '#ffffff',
          accent: '#fbbf24',
          onAccent: '#1c1917',
          surface: '#ffffff',
          page: '#f7f1ec',
        },
      },
      true,
    );
    expect(manifest.icons).toEqual([
      { src: '/icons/tigerbook-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/tigerbook-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/tigerbook-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
  });

  it('serves the service worker as JavaScript, revalidated on every load', async () => {
    const response = await app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe('const BUILD_ID = "abc";');
  });

  it("writes the host's brand colour into the page's theme colour", () => {
    const page = '<meta name="theme-color" content="#123c3a" /><title>Backlay</title>';
    expect(
      brandedPage(page, { logo: '/l.svg', title: 'Backlay', colors: { primary: '#0f3b7a' } }),
    ).toBe('<meta name="theme-color" content="#0f3b7a" /><title>Backlay</title>');
    expect(
      brandedPage(page, { logo: '/l.svg', title: 'Backlay', colors: { primary: '#123c3a' } }),
    ).toBeUndefined();
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("serves the build's brotli or gzip copy to a browser that accepts it, else the file", async () => {
    const asset = (encoding?: string) =>
      app.inject({
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const identity = await asset();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe('console.log(1)');
  });
});

describe('compressed answers', () => {
  it('compresses an answer above 1 KiB for a client that accepts it, and not a small one', async () => {
    const plain = await app.inject({ url: '/api/docs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ Status: true, Result: { status: 'ok', database: 'up' } });
  });
});

describe('health and API document', () => {
  it('reports the database up', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ Status: true, Result: { status: 'ok', database: 'up' } });
  });

  it('publishes the OpenAPI document at /api/docs with every route', async () => {
    const response = await app.inject({ url: '/api/docs' });
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/Authenticate/ValidLogin',
        '/api/AmountModels/GetBalanceDetail',
        '/api/ops/credit',
      ]),
    );
  });
});

describe('logs', () => {
  it('redact tokens, tickets, passwords and auth-bearing query strings', async () => {
    const secretPassword = 'pa55-word-that-must-not-leak';
    await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin',
      payload: { username: 'henry', password: secretPassword, LatLong: LAT_LONG },
    });
    const session = await login(app, 'henry');
    await app.inject({
      url: `/api/NewsModels/GetNews?access_token=${session.Token}&ticket=tkt-123`,
      headers: bearer(session.Token),
    });
    await app.inject({ url: '/api/Nothing?password=hunter2&newPwd=abc12345' });
    const text = logs.join('');
    expect(text).toContain(
      '/api/NewsModels/GetNews?access_token=%5BREDACTED%5D&ticket=%5BREDACTED%5D',
    );
    for (const secret of [
      session.Token,
      'tkt-123',
      secretPassword,
      'hunter2',
      'abc12345',
      OPS_TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

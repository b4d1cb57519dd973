import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Opens a socket, writes `head`, then one more byte every 200 ms; resolves with what the server said when it closed. */
function trickle(port: number, head: string, each: string, limitMs: number) {
  return new Promise<{ closedMs: number | undefined; answer: string }>((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const give = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ closedMs: undefined, answer });
    }, limitMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write(each), 200);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(give);
      resolve({ closedMs: performance.now() - started, answer });
    });
  });
}

describe('server timeouts', () => {
  it('ends a slow POST whose body trickles in, and slowloris headers, after REQUEST_TIMEOUT_MS', async () => {
    const app = await buildTestApp(database.db, { config: { requestTimeoutMs: 1000 } });
    expect(app.server.headersTimeout).toBeLessThanOrEqual(app.server.requestTimeout);
    // Node checks the timeouts every 30 s by default: check often to keep the test short.
    (app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 100;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    try {
      const [post, loris] = await Promise.all([
        trickle(
          port,
          'POST /api/Authenticate/ValidLogin HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            'Content-Type: application/json\r\nContent-Length: 8192\r\n\r\n{',
          ' ',
          6000,
        ),
        trickle(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n', 6000),
      ]);
      expect(post.closedMs).toBeLessThan(3000);
      expect(post.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(loris.closedMs).toBeLessThan(3000);
      expect(loris.answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await app.close();
    }
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';
import { drainOrder, stopInOrder } from './lifecycle.js';

describe('shutdown', () => {
  it('stops PostgreSQL only after the requests in flight have finished and the pool has closed', async () => {
    const database = await createTestDatabase();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const app = await buildTestApp(database.db, {
      routes: (server) =>
        server.get('/api/test/slow', async () => {
          entered();
          await gate;
          const result = await sql<{ n: number }>`SELECT 42 AS n`.execute(database.db);
          order.push('request answered');
          return { n: result.rows[0]?.n };
        }),
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${base}/api/test/slow`).then((response) => response.json());
    await inside;

    const stopped = stopInOrder(
      drainOrder({
        http: async () => {
          await app.close();
          order.push('HTTP closed');
        },
        pool: async () => {
          await database.close();
          order.push('pool closed');
        },
        postgres: async () => {
          order.push('PostgreSQL stopped');
        },
      }),
      () => {},
    );
    release();
    expect(await answer).toEqual({ n: 42 });
    await stopped;
    expect(order).toEqual(['request answered', 'HTTP closed', 'pool closed', 'PostgreSQL stopped']);
    await database.drop();
  });

  it('still stops the later parts when one fails', async () => {
    const order: string[] = [];
    const failures: string[] = [];
    await stopInOrder(
      drainOrder({
        http: () => Promise.reject(new Error('boom')),
        pool: async () => void order.push('pool'),
        postgres: async () => void order.push('postgres'),
      }),
      (name) => failures.push(name),
    );
    expect(failures).toEqual(['HTTP']);
    expect(order).toEqual(['pool', 'postgres']);
  });
});

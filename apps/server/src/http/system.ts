import { health } from '@backlay/contract/system';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/pool.js';
import { AppError } from '../errors.js';
import { registerEndpoint } from './endpoints.js';

export async function systemRoutes(
  app: FastifyInstance,
  { db, moneyBodyLimit }: { db: Db; moneyBodyLimit: number },
): Promise<void> {
  registerEndpoint(
    app,
    health,
    async () => {
      try {
        await sql`SELECT 1`.execute(db);
      } catch {
        throw new AppError(503, 'Database unavailable');
      }
      return { Status: true as const, Result: { status: 'ok' as const, database: 'up' as const } };
    },
    { moneyBodyLimit },
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}

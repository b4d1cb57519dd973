import type { Db } from '../../db/pool.js';

export interface NewsRow {
  readonly message: string;
  readonly createdAt: Date;
}

/** Latest first; `limit` undefined reads every message. */
export async function listNews(db: Db, limit?: number): Promise<NewsRow[]> {
  let query = db
    .selectFrom('news')
    .select(['message', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ message: row.message, createdAt: row.created_at }));
}

export async function insertNews(db: Db, message: string, at: Date): Promise<void> {
  await db.insertInto('news').values({ message, created_at: at }).execute();
}

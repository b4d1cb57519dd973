import type { NewsItem } from '@backlay/contract/news';
import type { NewsRow } from './news.queries.js';

export function newsItemWire(row: NewsRow): NewsItem {
  return { Message: row.message, createdOn: row.createdAt.toISOString() };
}

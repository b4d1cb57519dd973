import { getAllNews, getNews, getPublicNews } from '@backlay/contract/news';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoints.js';
import type { NewsService } from './news.service.js';
import { newsItemWire } from './news.wire.js';

export async function newsRoutes(
  app: FastifyInstance,
  { news, moneyBodyLimit }: { news: NewsService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    getNews,
    async () => ({ Status: true as const, Result: (await news.ticker()).map(newsItemWire) }),
    options,
  );
  registerEndpoint(
    app,
    getAllNews,
    async () => ({ Status: true as const, Result: (await news.all()).map(newsItemWire) }),
    options,
  );
  registerEndpoint(
    app,
    getPublicNews,
    async () => ({
      Status: true as const,
      Result: (await news.ticker()).map((row) => ({ Message: row.message })),
    }),
    options,
  );
}

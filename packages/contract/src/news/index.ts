import { z } from 'zod';
import { endpoint, envelope, isoDateTime } from '../common.js';

export const newsItem = z.object({ Message: z.string(), createdOn: isoDateTime });
export type NewsItem = z.infer<typeof newsItem>;

export const getNews = endpoint({
  method: 'GET',
  path: '/api/NewsModels/GetNews',
  audience: 'client',
  summary: "The ticker's messages, latest first",
  response: envelope(z.array(newsItem)),
});

export const getAllNews = endpoint({
  method: 'GET',
  path: '/api/NewsModels/GetAllNews',
  audience: 'client',
  summary: 'Every news message, latest first',
  response: envelope(z.array(newsItem)),
});

/** The landing page's marquee: messages only, no auth (docs/decisions.md#api). */
export const getPublicNews = endpoint({
  method: 'GET',
  path: '/api/NewsModels/GetPublicNews',
  audience: 'public',
  summary: 'News messages for the public landing page',
  response: envelope(z.array(z.object({ Message: z.string() }))),
});

import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The news routes the web calls: method, path and audience, with the schemas as types only. */
export const getAllNews = route<typeof endpoints.getAllNews>({
  method: 'GET',
  path: '/api/NewsModels/GetAllNews',
  audience: 'client',
});
export const getNews = route<typeof endpoints.getNews>({
  method: 'GET',
  path: '/api/NewsModels/GetNews',
  audience: 'client',
});
export const getPublicNews = route<typeof endpoints.getPublicNews>({
  method: 'GET',
  path: '/api/NewsModels/GetPublicNews',
  audience: 'public',
});

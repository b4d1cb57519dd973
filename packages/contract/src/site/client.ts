import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The site routes the web calls: method, path and audience, with the schemas as types only. */
export const getSiteConfig = route<typeof endpoints.getSiteConfig>({
  method: 'GET',
  path: '/api/Site/Config',
  audience: 'public',
});

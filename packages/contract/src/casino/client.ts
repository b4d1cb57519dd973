import { route } from '../route.js';
import type * as endpoints from './index.js';

export { CASINO_GAMES, CASINO_GAME_IDS } from './values.js';

/** The casino routes the web calls: method, path and audience, with the schemas as types only. */
export const casinoLaunch = route<typeof endpoints.casinoLaunch>({
  method: 'POST',
  path: '/api/Casino/Launch',
  audience: 'client',
});

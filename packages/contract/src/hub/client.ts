import { route } from '../route.js';
import type * as endpoints from './index.js';

export {
  FIRST_RETRY_JITTER_MS,
  HUB_PATH,
  RECONNECT_DELAYS_MS,
  SUBSCRIBE_EVENT,
  reconnectDelayMs,
} from './protocol.js';

/** The hub routes the web calls: method, path and audience, with the schemas as types only. */
export const getHubTicket = route<typeof endpoints.getHubTicket>({
  method: 'POST',
  path: '/api/Hub/Ticket',
  audience: 'client',
});

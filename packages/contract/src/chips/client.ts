import { route } from '../route.js';
import type * as endpoints from './index.js';

/** The chips routes the web calls: method, path and audience, with the schemas as types only. */
export const changePassword = route<typeof endpoints.changePassword>({
  method: 'POST',
  path: '/api/SignUPModels/changePwd',
  audience: 'client',
});
export const getChips = route<typeof endpoints.getChips>({
  method: 'GET',
  path: '/api/ChipModels/GetChipModels',
  audience: 'client',
});
export const updateChips = route<typeof endpoints.updateChips>({
  method: 'POST',
  path: '/api/ChipModels/UpdateChips',
  audience: 'client',
});

import { z } from 'zod';
import { endpoint, envelope } from '../common.js';

/** docs/product.md#entities chip settings: names and values as comma-separated strings paired by position. */
export const chipSettings = z.object({
  ChipName: z.string().max(500),
  ChipValue: z.string().max(500),
});
export type ChipSettingsWire = z.infer<typeof chipSettings>;

export const getChips = endpoint({
  method: 'GET',
  path: '/api/ChipModels/GetChipModels',
  audience: 'client',
  summary: "The client's stake chips",
  response: envelope(chipSettings),
});

export const updateChips = endpoint({
  method: 'POST',
  path: '/api/ChipModels/UpdateChips',
  audience: 'client',
  summary: "Change the client's stake chips",
  body: chipSettings,
  response: envelope(z.string()),
});

/** docs/product.md#entities change password payload; POST only, never in a URL (docs/decisions.md#api). */
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/SignUPModels/changePwd',
  audience: 'client',
  summary: "Change the client's password; other sessions end",
  body: z.object({ oldPassword: z.string().min(1).max(256), newPassword: z.string().max(256) }),
  response: envelope(z.string()),
});

import { z } from 'zod';
import { endpoint, envelope, rupees } from '../common.js';

export const mainBalance = z.object({ MainBalance: rupees });
export type MainBalance = z.infer<typeof mainBalance>;

/** docs/decisions.md#money: Balance = CreditLimit + PL; MainBalance = Balance − Exposure. */
export const balanceDetail = z.object({
  CreditLimit: rupees,
  PL: rupees,
  Exposure: rupees,
  Balance: rupees,
  MainBalance: rupees,
});
export type BalanceDetail = z.infer<typeof balanceDetail>;

export const getMainBalance = endpoint({
  method: 'GET',
  path: '/api/AmountModels/GetMainBalance',
  audience: 'client',
  summary: "The header's W: figure",
  response: envelope(mainBalance),
});

export const getBalanceDetail = endpoint({
  method: 'GET',
  path: '/api/AmountModels/GetBalanceDetail',
  audience: 'client',
  summary: "The wallet dropdown's figures",
  response: envelope(balanceDetail),
});

import { useQuery } from '@tanstack/react-query';
import { saferQuery } from '../api/get-safer';
import { slipLimitsNote } from '../limits';

/**
 * The bet slip's line of what the client's limits leave ("Stake limit ₹1,000 · Loss limit
 * ₹400.00 left today"), from the cached safer settings; null with no limit or until they load.
 */
export function useSlipLimitsNote(): string | null {
  return useQuery({ ...saferQuery(), select: slipLimitsNote }).data ?? null;
}

import { type MatkaBet, type Paise } from '@backlay/domain';

/**
 * One bet per number, its amounts summed, in order of first appearance. Harup's rows overlap
 * (row A `5555` gives 50 … 59, row B `555` gives 05 … 95: both hold 55), and each entry legitimately
 * stakes its ten numbers (the domain's `matkaHarup`), so 55 carries two tenths. The bettor confirms each number once
 * with its whole stake, and exactly that is sent: the count, the total and the payout of a hit are
 * those of the separate bets.
 */
export function betsByNumber(bets: readonly MatkaBet[]): MatkaBet[] {
  const amounts = new Map<MatkaBet['betNo'], number>();
  for (const bet of bets) amounts.set(bet.betNo, (amounts.get(bet.betNo) ?? 0) + bet.amount);
  return [...amounts].map(([betNo, amount]) => ({ betNo, amount: amount as Paise }));
}

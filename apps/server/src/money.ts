import { paiseToRupees, toPaise } from '@backlay/domain';

/** Paise (BIGINT from the database) to wire rupees; a balance beyond 2^53 paise is not a real balance. */
export function rupeesWire(paise: bigint): number {
  const value = toPaise(Number(paise));
  if (value === null) throw new Error(`amount out of range: ${paise} paise`);
  return paiseToRupees(value);
}

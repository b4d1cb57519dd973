/**
 * Time and chance, as seams: the provider reads neither the system clock nor Math.random itself.
 * The API server's `systemClock` and `systemRandom` (apps/server/src/seams.ts) fit these shapes;
 * tests pass their own.
 */
export interface Clock {
  now(): Date;
}

export interface Random {
  bytes(size: number): Buffer;
}

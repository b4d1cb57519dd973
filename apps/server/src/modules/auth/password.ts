import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's enum is an ambient const enum, unusable under isolatedModules. */
const ARGON2ID = 2;

export interface Argon2Cost {
  /** KiB of memory. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** OWASP's floor for argon2id: 19 MiB, 2 passes, 1 lane (docs/decisions.md#stack). */
export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, for unknown usernames. */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(cost: Argon2Cost = PRODUCTION_ARGON2): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...cost };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyNothing: async (password) => {
      dummy ??= hash('backlay-timing-equaliser', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}

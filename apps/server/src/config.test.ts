import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.js';

describe('config', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: `${REPO_ROOT}data`,
      databaseUrl: undefined,
      seedDemo: true,
      feed: 'simulator',
      feedStaleS: 10,
      simSpeed: 1,
      simSeed: undefined,
      session: { idleS: 28_800, maxS: 86_400 },
      loginThrottle: { accountLimit: 5, addressLimit: 20, blockS: 30, maxBlockS: 3600 },
    });
  });

  it('seeds demo data on DATABASE_URL only when SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });

  it('names every bad setting in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', FEED: 'carrier-pigeon' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}FEED: /,
    );
  });
});

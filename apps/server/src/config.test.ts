import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.js';
import { shiftedClock, systemClock } from './seams.js';

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
      betDelay: { exchangeS: { 4: 5, 1: 5, 2: 3 }, bookmakerS: 0, fancyS: 0 },
      houseMargins: { backBp: 100, layBp: 100, fancyBp: 200 },
      clockOffsetMs: 0,
    });
  });

  it('reads the Betfair settings (docs/feeds.md) and says what a Betfair feed lacks', () => {
    expect(loadConfig({}).betfair).toMatchObject({
      files: [],
      replaySpeed: 60,
      replayUntil: undefined,
      sizeRate: 100,
      streamHost: 'stream-api.betfair.com',
      streamPort: 443,
      eventTypes: [4, 1, 2],
      marketTypes: ['MATCH_ODDS'],
      heartbeatMs: 5000,
      conflateMs: 0,
    });
    const replay = loadConfig({
      FEED: 'betfair-file',
      BETFAIR_FILES: 'a.bz2, /data/b.gz',
      BETFAIR_REPLAY_SPEED: '0',
      BETFAIR_REPLAY_UNTIL: '2021-03-09T04:00:00Z',
      BETFAIR_STREAM_HOST: '127.0.0.1:8443',
    });
    expect(replay.betfair).toMatchObject({
      files: [`${REPO_ROOT}a.bz2`, '/data/b.gz'],
      replaySpeed: 0,
      replayUntil: Date.parse('2021-03-09T04:00:00Z'),
      streamHost: '127.0.0.1',
      streamPort: 8443,
    });
    expect(() => loadConfig({ FEED: 'betfair-file' })).toThrow(
      'BETFAIR_FILES: FEED=betfair-file needs BETFAIR_FILES: recorded files, separated by commas',
    );
    expect(() => loadConfig({ FEED: 'betfair' })).toThrow(
      'BETFAIR_APP_KEY: FEED=betfair needs BETFAIR_APP_KEY',
    );
    expect(() => loadConfig({ FEED: 'betfair', BETFAIR_APP_KEY: 'k' })).toThrow(
      'BETFAIR_SESSION: FEED=betfair needs BETFAIR_SESSION, or BETFAIR_USERNAME',
    );
    expect(loadConfig({ FEED: 'betfair', BETFAIR_APP_KEY: 'k', BETFAIR_SESSION: 's' }).feed).toBe(
      'betfair',
    );
    expect(() => loadConfig({ BETFAIR_REPLAY_UNTIL: 'soon' })).toThrow(
      'BETFAIR_REPLAY_UNTIL: must be an ISO time',
    );
  });

  it('reads the house margins in percent, a name left out at its default, and refuses bad ones', () => {
    expect(loadConfig({ HOUSE_MARGINS: 'back=2.5, lay=0,fancy=3' }).houseMargins).toEqual({
      backBp: 250,
      layBp: 0,
      fancyBp: 300,
    });
    expect(loadConfig({ HOUSE_MARGINS: 'fancy=5' }).houseMargins).toEqual({
      backBp: 100,
      layBp: 100,
      fancyBp: 500,
    });
    expect(() => loadConfig({ HOUSE_MARGINS: 'back=21' })).toThrow(
      'HOUSE_MARGINS: must be back=, lay= and fancy= percentages (0 to 20, two decimals at most)',
    );
    expect(() => loadConfig({ HOUSE_MARGINS: 'back=1.005' })).toThrow('HOUSE_MARGINS: must be');
    expect(() => loadConfig({ HOUSE_MARGINS: 'toss=1' })).toThrow(
      'HOUSE_MARGINS: unknown name toss: use back, lay or fancy',
    );
  });

  it('moves the clock by CLOCK_OFFSET_MS, within a year either way', () => {
    expect(loadConfig({ CLOCK_OFFSET_MS: '-3600000' }).clockOffsetMs).toBe(-3_600_000);
    expect(() => loadConfig({ CLOCK_OFFSET_MS: String(400 * 86_400_000) })).toThrow(
      /CLOCK_OFFSET_MS/,
    );
    expect(() => loadConfig({ CLOCK_OFFSET_MS: '1.5' })).toThrow(/CLOCK_OFFSET_MS/);
    expect(shiftedClock(0)).toBe(systemClock);
    const ahead =
      shiftedClock(5 * 3_600_000)
        .now()
        .getTime() - Date.now();
    expect(ahead).toBeGreaterThan(5 * 3_600_000 - 1_000);
    expect(ahead).toBeLessThanOrEqual(5 * 3_600_000);
  });

  it('reads the in-play bet delays per sport, bookmaker and fancy, and refuses bad ones', () => {
    expect(loadConfig({ BET_DELAY: 'football=4, tennis=0,bookmaker=2,fancy=1' }).betDelay).toEqual({
      exchangeS: { 1: 4, 2: 0 },
      bookmakerS: 2,
      fancyS: 1,
    });
    expect(loadConfig({ BET_DELAY: '' }).betDelay).toEqual({
      exchangeS: {},
      bookmakerS: 0,
      fancyS: 0,
    });
    expect(() => loadConfig({ BET_DELAY: 'cricket=21' })).toThrow(
      'BET_DELAY: must be name=seconds pairs (0 to 20)',
    );
    expect(() => loadConfig({ BET_DELAY: 'golf=3' })).toThrow(
      'BET_DELAY: unknown name golf: use cricket, soccer, tennis, bookmaker or fancy',
    );
    expect(() => loadConfig({ BET_DELAY: 'cricket=5', REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      'BET_DELAY: every delay must be shorter than REQUEST_TIMEOUT_MS',
    );
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

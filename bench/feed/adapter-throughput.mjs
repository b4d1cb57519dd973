// The adapter's throughput (bench/README.md, "feed"), run pinned to the product's core by
// feed.perf.ts: the built server's Betfair adapter (apps/server/dist/feed/betfair) against the
// bare baseline (baseline.mjs), both from the same decompressed lines of one recording.
//
//   node adapter-throughput.mjs <file.bz2> <mode> <runs> <seconds> [<dir>]
//
// mode `alternate`: a warm-up run of each, then <runs> alternating runs of the adapter and the
//   baseline, each whole passes over the file until <seconds> have gone; prints one JSON line.
// mode `stages`: the adapter's cost cut by stage (parse, + cache, + translation), one run each.
// mode `profile`: the adapter alone for <seconds> under V8's CPU profiler (node:inspector, what
//   `--cpu-prof` writes, without the start-up and the decompression), written into <dir>.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import Bunzip from 'seek-bzip';
import { createStreamCache } from '../../apps/server/dist/feed/betfair/cache.js';
import { parseStreamLine } from '../../apps/server/dist/feed/betfair/messages.js';
import { createTranslator } from '../../apps/server/dist/feed/betfair/translate.js';
import {
  DEFAULT_MAX_STAKE_MATCH,
  DEFAULT_MAX_STAKE_SESSION,
} from '../../apps/server/dist/feed/simulator/index.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { baselinePass, createLadders } from './baseline.mjs';

const [file, mode = 'alternate', runsArg = '5', secondsArg = '1', dir] = process.argv.slice(2);
if (!file)
  throw new Error('usage: adapter-throughput.mjs <file.bz2> <mode> <runs> <seconds> [<dir>]');
const runs = Number(runsArg);
const seconds = Number(secondsArg);

// Decompressed once, before any timing: neither side pays for bzip2.
const lines = Bunzip.decode(readFileSync(file))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

// The translation settings the server would take for FEED=betfair-file (start.ts `translate`).
const betfair = loadConfig({ FEED: 'betfair-file', BETFAIR_FILES: file }).betfair;
const settings = {
  sizeRate: betfair.sizeRate,
  eventTypes: betfair.eventTypes,
  marketTypes: betfair.marketTypes,
  maxStakeMatch: DEFAULT_MAX_STAKE_MATCH,
  maxStakeSession: DEFAULT_MAX_STAKE_SESSION,
};
const ignore = () => {};

/**
 * One pass of the adapter over the lines as a replay holding at each message in turn: the line
 * read as the recording reader reads it, the message applied to the stream cache, and the markets
 * it changed translated into feed updates. `upTo` stops early (the ladder check).
 */
function adapterPass(stage = 'translate', upTo = lines.length) {
  const cache = createStreamCache({ firstIsImage: true });
  const translator = createTranslator({ settings, log: ignore });
  let updates = 0;
  let results = 0;
  for (let i = 0; i < upTo; i += 1) {
    const parsed = parseStreamLine(lines[i]);
    if (!parsed.ok || parsed.message.op !== 'mcm' || stage === 'parse') continue;
    const changed = cache.apply(parsed.message);
    if (stage === 'cache' || changed.length === 0) continue;
    for (const update of translator.updates(cache, changed)) {
      updates += 1;
      if (update.kind === 'result') results += 1;
    }
  }
  return { cache, updates, results };
}

/** Whole passes of `pass` until `seconds` have gone: messages per second. */
function timed(pass, forSeconds) {
  const started = performance.now();
  let passes = 0;
  let elapsed = 0;
  do {
    pass();
    passes += 1;
    elapsed = performance.now() - started;
  } while (elapsed < forSeconds * 1000);
  return { perSecond: (passes * lines.length) / (elapsed / 1000), passes };
}

/** Both sides hold the same full ladders halfway through the file (harness sanity). */
function sameLadders() {
  const half = Math.floor(lines.length / 2);
  const { cache } = adapterPass('cache', half);
  const ladders = createLadders();
  baselinePass(ladders, lines.slice(0, half));
  let compared = 0;
  for (const market of cache.markets()) {
    for (const runner of market.runners.values()) {
      const bare = ladders.get(market.id)?.get(runner.id);
      for (const side of ['atb', 'atl']) {
        const ours = [...runner[side]].sort((a, b) => a[0] - b[0]);
        const theirs = [...(bare?.[side] ?? [])].sort((a, b) => a[0] - b[0]);
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          throw new Error(`ladders differ: ${market.id} ${runner.id} ${side}`);
        compared += ours.length;
      }
    }
  }
  return compared;
}

const say = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const adapter = () => adapterPass();
const baseline = () => baselinePass(createLadders(), lines);

if (mode === 'alternate') {
  const ladderEntries = sameLadders();
  const once = adapterPass();
  timed(adapter, 0.5);
  timed(baseline, 0.5);
  const product = [];
  const bare = [];
  for (let run = 0; run < runs; run += 1) {
    product.push(timed(adapter, seconds));
    bare.push(timed(baseline, seconds));
  }
  say({
    lines: lines.length,
    updates: once.updates,
    results: once.results,
    ladderEntries,
    product,
    baseline: bare,
  });
} else if (mode === 'stages') {
  timed(adapter, 0.5);
  const perMessageUs = (stage) => 1e6 / timed(() => adapterPass(stage), seconds).perSecond;
  say({
    parse: perMessageUs('parse'),
    cache: perMessageUs('cache'),
    translate: perMessageUs('translate'),
    baseline: 1e6 / timed(baseline, seconds).perSecond,
  });
} else if (mode === 'profile') {
  if (!dir) throw new Error('profile needs a directory');
  timed(adapter, 0.5);
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
  const result = timed(adapter, seconds);
  const { profile } = await inspector.post('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `adapter-${process.pid}.cpuprofile`), JSON.stringify(profile));
  say(result);
} else {
  throw new Error(`unknown mode ${mode}`);
}

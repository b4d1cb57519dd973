import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setWinningLimit } from '@backlay/contract/casino';
import {
  createClient,
  createOperator,
  credit,
  declareResult,
  feedReplay,
  feedStatus,
  fixtureEvent,
  fixtureStepEndpoint,
  liftExclusion,
  limitCeiling,
  lockEvent,
  matkaGame,
  matkaResult,
  postNews,
  resumeMarket,
  rollbackResult,
  setCommission,
  setCustomBookmaker,
  setCustomFancy,
  suspendMarket,
  unlockEvent,
  voidMarket,
} from '@backlay/contract/ops';
import { loadConfig } from '../config.js';
import { AGENT_COMMANDS } from './cli-agents.js';
import type { CliCommand } from './cli-command.js';
import { readOpsToken } from './ops-token.js';

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** `--json` carries a whole body; a malformed one is passed on as text for the schema to refuse. */
function json(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** One entry per operator route; a new operator route adds its command here. */
const COMMANDS: Record<string, CliCommand> = {
  'create-client': {
    description: 'Create a client, optionally with opening credit',
    usage: '--username NAME --password SECRET [--credit RUPEES]',
    endpoint: createClient,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      credit: { type: 'string' },
    },
    body: (v) => ({ username: v.username, password: v.password, creditLimit: num(v.credit) }),
  },
  credit: {
    description: 'Give (positive amount) or take (negative amount) credit',
    usage: '--username NAME --amount RUPEES [--remark TEXT]',
    endpoint: credit,
    options: {
      username: { type: 'string' },
      amount: { type: 'string' },
      remark: { type: 'string' },
    },
    body: (v) => ({ username: v.username, amount: num(v.amount), remark: v.remark }),
  },
  'create-operator': {
    description:
      'Create a back-office operator (admin, risk or support) and show their TOTP secret',
    usage: '--username NAME --password SECRET [--role admin|risk|support]   (default admin)',
    endpoint: createOperator,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    body: (v) => ({ username: v.username, password: v.password, role: v.role ?? 'admin' }),
  },
  'limit-ceiling': {
    description:
      "Cap one of a client's limits (lossDay, lossWeek, lossMonth, stake: rupees; session: minutes); no --ceiling lifts it",
    usage: '--username NAME --kind KIND [--ceiling AMOUNT]',
    endpoint: limitCeiling,
    options: {
      username: { type: 'string' },
      kind: { type: 'string' },
      ceiling: { type: 'string' },
    },
    body: (v) => ({ username: v.username, kind: v.kind, ceiling: num(v.ceiling) ?? null }),
  },
  'lift-exclusion': {
    description: "Lift a client's self-exclusion after it has ended",
    usage: '--username NAME',
    endpoint: liftExclusion,
    options: { username: { type: 'string' } },
    body: (v) => ({ username: v.username }),
  },
  news: {
    description: 'Publish a news message to the ticker',
    usage: '--message TEXT',
    endpoint: postNews,
    options: { message: { type: 'string' } },
    body: (v) => ({ message: v.message }),
  },
  'lock-event': {
    description: 'Lock betting on an event (every cell suspended)',
    usage: '--event-id ID',
    endpoint: lockEvent,
    options: { 'event-id': { type: 'string' } },
    body: (v) => ({ eventId: num(v['event-id']) }),
  },
  'unlock-event': {
    description: 'Unlock betting on an event',
    usage: '--event-id ID',
    endpoint: unlockEvent,
    options: { 'event-id': { type: 'string' } },
    body: (v) => ({ eventId: num(v['event-id']) }),
  },
  'suspend-market': {
    description: 'Suspend a market whatever the feed says',
    usage: '--market-id ID',
    endpoint: suspendMarket,
    options: { 'market-id': { type: 'string' } },
    body: (v) => ({ marketId: v['market-id'] }),
  },
  'resume-market': {
    description: "Lift the operator's suspension of a market",
    usage: '--market-id ID',
    endpoint: resumeMarket,
    options: { 'market-id': { type: 'string' } },
    body: (v) => ({ marketId: v['market-id'] }),
  },
  'set-custom-fancy': {
    description: 'Add or change a custom fancy row',
    usage:
      '--json \'{"eventId":1,"selectionId":"1-9","runnerName":"…","isCustome":true,"isActive":true,"backPrice":70,"backSize":110,"layPrice":69,"laySize":90,"gameStatus":"","min":100,"max":50000}\'',
    endpoint: setCustomFancy,
    options: { json: { type: 'string' } },
    body: (v) => json(v.json),
  },
  'set-custom-bookmaker': {
    description: 'Add or change a custom bookmaker row (price, size, status, IsActive)',
    usage:
      '--json \'{"marketId":"1B","selectionId":101,"runnerName":"…","isCustome":false,"isActive":true,"status":"ACTIVE","backPrice":45,"backSize":100000,"layPrice":48,"laySize":100000}\'',
    endpoint: setCustomBookmaker,
    options: { json: { type: 'string' } },
    body: (v) => json(v.json),
  },
  'fixture-event': {
    description: 'Create a scripted event (FEED=scripted)',
    usage:
      '--json \'{"sportId":4,"seriesName":"…","name":"A v B","runners":["A","B"],"bookmaker":true,"toss":true,"fancy":["6 over runs A"],"markets":["TIED_MATCH","COMPLETED_MATCH"],"inPlay":true}\'',
    endpoint: fixtureEvent,
    options: { json: { type: 'string' } },
    body: (v) => json(v.json),
  },
  'fixture-step': {
    description:
      'Play a step on a scripted event: prices, fancy, suspend, resume, status, ball, result, fancy-result, void',
    usage: '--event-id ID --json \'{"kind":"suspend","marketId":"1.90000001"}\'',
    endpoint: fixtureStepEndpoint,
    options: { 'event-id': { type: 'string' }, json: { type: 'string' } },
    body: (v) => {
      const step = json(v.json);
      // A list is played as one feed batch.
      return { eventId: num(v['event-id']), ...(Array.isArray(step) ? { steps: step } : { step }) };
    },
  },
  'declare-result': {
    description: 'Settle a market with its winner, or a fancy session with its final runs',
    usage:
      '<MarketId> <SelectionId>  |  <EventId> <SelectionId> <runs>   (a fancy SelectionId reads <EventId>-<n>)',
    endpoint: declareResult,
    options: {},
    body: (_v, words) =>
      words.length === 3
        ? { eventId: num(words[0]), selectionId: words[1], runs: num(words[2]) }
        : { marketId: words[0], winnerSelectionId: num(words[1]) },
  },
  'void-market': {
    description: 'Void a market or fancy session: every stake returned',
    usage: '<MarketId | fancy SelectionId> --reason TEXT',
    endpoint: voidMarket,
    options: { reason: { type: 'string' } },
    body: (v, words) => ({ target: words[0], reason: v.reason }),
  },
  rollback: {
    description: 'Undo a settlement: compensating ledger rows, bets back to Pending',
    usage: '<MarketId | fancy SelectionId> --reason TEXT',
    endpoint: rollbackResult,
    options: { reason: { type: 'string' } },
    body: (v, words) => ({ target: words[0], reason: v.reason }),
  },
  'set-commission': {
    description: "Set a client's commission on net market wins",
    usage: '--username NAME --percent 2.5',
    endpoint: setCommission,
    options: { username: { type: 'string' }, percent: { type: 'string' } },
    body: (v) => ({ username: v.username, percent: num(v.percent) }),
  },
  'feed-replay': {
    description: 'FEED=betfair-file: replay up to a time and hold there, or play on',
    usage: '--until 2021-03-09T10:50:00Z | play',
    endpoint: feedReplay,
    options: { until: { type: 'string' } },
    body: (v, words) => (words[0] === 'play' ? { play: true } : { until: v.until }),
  },
  'feed-status': {
    description: 'List open events with each market’s status, seq and best prices',
    usage: '',
    endpoint: feedStatus,
    options: {},
    body: () => undefined,
  },
  'matka-result': {
    description: "Declare a matka market's result (the first result of a market wins)",
    usage: '<Mid> <BetNo 00–99>',
    endpoint: matkaResult,
    options: {},
    body: (_v, words) => ({ mid: num(words[0]), result: words[1] }),
  },
  'matka-game': {
    description:
      'Add a matka game to the daily schedule (Asia/Kolkata; a close at or before the open crosses midnight)',
    usage: '<name> <opens HH:MM> <closes HH:MM> [--hindi <name>]',
    endpoint: matkaGame,
    options: { hindi: { type: 'string' } },
    body: (v, words) => ({ name: words[0], opens: words[1], closes: words[2], hindi: v.hindi }),
  },
  'set-winning-limit': {
    description:
      "Set a client's casino winning limit (net winnings of a round above it are not paid)",
    usage: '<username> <rupees | default>   (default: back to CASINO_WIN_LIMIT)',
    endpoint: setWinningLimit,
    options: {},
    body: (_v, words) => ({
      username: words[0],
      rupees: words[1] === 'default' ? null : num(words[1]),
    }),
  },
  ...AGENT_COMMANDS,
};

/** `--amount -50` reads as an option followed by a negative number, not as two options. */
function joinNegativeValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function help(): string {
  const lines = ['Usage: npm run ops -- <command> [options]', '', 'Commands:'];
  for (const [name, command] of Object.entries(COMMANDS)) {
    lines.push(
      `  ${name.padEnd(14)} ${command.description}`,
      `  ${''.padEnd(14)} ${command.usage}`,
    );
  }
  lines.push(
    '',
    'The server is found at OPS_URL (default http://127.0.0.1:$PORT); the operator token is',
    'OPS_TOKEN, or the one the server wrote into DATA_DIR at its first start. A command that',
    'moves money sends an Idempotency-Key; --key KEY sends an earlier one again (done once).',
  );
  return lines.join('\n');
}

export async function runCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command '${name}'.\n\n${help()}`);
    return 1;
  }
  let values: Record<string, string | undefined>;
  let positionals: string[];
  // A command that moves money sends an Idempotency-Key: `--key` repeats an earlier one.
  const moves = command.endpoint.movesMoney === true;
  try {
    const parsed = parseArgs({
      args: joinNegativeValues(rest),
      options: moves ? { ...command.options, key: { type: 'string' } } : command.options,
      strict: true,
      allowPositionals: true,
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run ops -- ${name} ${command.usage}`);
    return 1;
  }
  const key = moves ? (values.key ?? randomUUID()) : undefined;
  const body = command.body(values, positionals);
  const parsed = command.endpoint.body?.safeParse(body);
  if (parsed && !parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`,
    );
    console.error(`${problems.join('\n')}\nUsage: npm run ops -- ${name} ${command.usage}`);
    return 1;
  }

  const config = loadConfig(env);
  const base = env.OPS_URL ?? `http://127.0.0.1:${config.port}`;
  const token = config.opsToken ?? (await readOpsToken(config.dataDir));
  if (!token) {
    console.error(
      `No operator token: set OPS_TOKEN, or start the server once so it writes one into ${config.dataDir}.`,
    );
    return 1;
  }
  let response: Response;
  const url = new URL(command.endpoint.path, base);
  // A GET's options are its query.
  if (command.endpoint.method === 'GET' && body && typeof body === 'object')
    for (const [name, value] of Object.entries(body))
      if (value !== undefined) url.searchParams.set(name, String(value));
  const send = () =>
    fetch(url, {
      method: command.endpoint.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
        ...(command.endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(command.endpoint.method === 'POST' ? { body: JSON.stringify(parsed?.data ?? body) } : {}),
    });
  try {
    // With a key, a request lost on the way is sent again once: the server does it at most once.
    response = await send().catch((error: unknown) => {
      if (key === undefined) throw error;
      return send();
    });
  } catch (error) {
    console.error(`Cannot reach the server at ${base}: ${(error as Error).message}`);
    if (key !== undefined)
      console.error(
        `It may or may not have been done: run it again with --key ${key} to be sure it is done once.`,
      );
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    Status?: boolean;
    Result?: unknown;
  };
  const result =
    typeof answer.Result === 'string' ? answer.Result : JSON.stringify(answer.Result, null, 2);
  if (response.ok && answer.Status === true) {
    if (command.endpoint === createOperator) {
      const created = answer.Result as {
        username: string;
        role: string;
        totpSecret: string;
        totpUri: string;
      };
      console.log(
        [
          `Operator ${created.username} (${created.role}) created.`,
          `Enter this secret in an authenticator app (Google Authenticator, Aegis, 1Password…):`,
          `  ${created.totpSecret}`,
          `or open this URI on the phone: ${created.totpUri}`,
          'It is shown once. Log in at /backoffice/login with the password and the six-digit code.',
        ].join('\n'),
      );
      return 0;
    }
    console.log(result);
    return 0;
  }
  console.error(`Refused (HTTP ${response.status}): ${result ?? 'no answer'}`);
  return 1;
}

// Run when executed, not when imported by a test.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2), process.env);
}

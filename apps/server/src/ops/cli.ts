import { parseArgs } from 'node:util';
import type { Endpoint } from '@backlay/contract/common';
import { createClient, credit, postNews } from '@backlay/contract/ops';
import { loadConfig } from '../config.js';
import { readOpsToken } from './ops-token.js';

interface Command {
  readonly description: string;
  readonly usage: string;
  readonly endpoint: Endpoint;
  readonly options: Record<string, { type: 'string' }>;
  /** Builds the request body from the parsed options; the endpoint's schema then validates it. */
  readonly body: (values: Record<string, string | undefined>) => unknown;
}

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** One entry per operator route; later issues add theirs here. */
const COMMANDS: Record<string, Command> = {
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
  news: {
    description: 'Publish a news message to the ticker',
    usage: '--message TEXT',
    endpoint: postNews,
    options: { message: { type: 'string' } },
    body: (v) => ({ message: v.message }),
  },
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
    'OPS_TOKEN, or the one the server wrote into DATA_DIR at its first start.',
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
  try {
    values = parseArgs({
      args: joinNegativeValues(rest),
      options: command.options,
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run ops -- ${name} ${command.usage}`);
    return 1;
  }
  const body = command.body(values);
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
  try {
    response = await fetch(new URL(command.endpoint.path, base), {
      method: command.endpoint.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(parsed?.data ?? body),
    });
  } catch (error) {
    console.error(`Cannot reach the server at ${base}: ${(error as Error).message}`);
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    Status?: boolean;
    Result?: unknown;
  };
  const result = typeof answer.Result === 'string' ? answer.Result : JSON.stringify(answer.Result);
  if (response.ok && answer.Status === true) {
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

// Builds what is missing or stale: the TypeScript projects (tsc -b is incremental) and, unless
// --server-only, the web client when its sources are newer than its build. --force rebuilds both.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const force = args.has('--force');

function run(command, commandArgs, cwd = root) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

run(process.execPath, [
  join(root, 'node_modules/typescript/bin/tsc'),
  '-b',
  ...(force ? ['--force'] : []),
]);

if (!args.has('--server-only')) {
  const web = join(root, 'apps/web');
  const built = join(web, 'dist/index.html');
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
    newest(join(web, 'public')),
    newest(join(root, 'packages/domain/src')),
    newest(join(root, 'packages/contract/src')),
  );
  if (force || !existsSync(built) || statSync(built).mtimeMs < sources) {
    run(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      web,
    );
  }
}

// Builds what is missing or stale: the TypeScript projects (tsc -b is incremental) and, unless
// --server-only, the web client when its sources are newer than its build. --force rebuilds both.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** What compresses well; a smaller file is sent as it is (and source maps only reach devtools). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const SMALLEST = 1024;

/**
 * Brotli and gzip copies of the built client beside each file, at the best ratio, made once here
 * and sent by the server to browsers that accept them (apps/server/src/http/web.ts).
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const data = readFileSync(path);
    if (data.length < SMALLEST) continue;
    const brotli = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    };
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: brotli }));
    writeFileSync(`${path}.gz`, gzipSync(data, { level: constants.Z_BEST_COMPRESSION }));
  }
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
    // Loaded here: it needs Vite, which a server-only build (`npm run ops`) does not.
    const { prerender } = await import('./prerender.mjs');
    await prerender(web);
    precompress(join(web, 'dist'));
  }
}

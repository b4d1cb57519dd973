import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const OPS_TOKEN_FILE = 'ops-token';

/** Reads the operator token the server wrote into DATA_DIR; undefined when there is none. */
export async function readOpsToken(dataDir: string): Promise<string | undefined> {
  try {
    const token = (await readFile(join(dataDir, OPS_TOKEN_FILE), 'utf8')).trim();
    return token.length >= 32 ? token : undefined;
  } catch {
    return undefined;
  }
}

/** `OPS_TOKEN` when set; otherwise the token in DATA_DIR, written (mode 600) at first start. */
export async function resolveOpsToken(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const existing = await readOpsToken(dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  await writeFile(join(dataDir, OPS_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  return token;
}

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startCluster, type RunningCluster } from '../src/db/launcher.js';
import { migrate } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { adminUrl: string; template: string };
  }
}

/**
 * One cluster per test run (docs/decisions.md#stack): the embedded PostgreSQL in a temp directory with
 * fsync=off, or the server of DATABASE_URL. Migrated once into a template database; each test
 * file clones it (test/database.ts).
 */
export default async function setup(project: TestProject) {
  let cluster: RunningCluster | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = await mkdtemp(join(tmpdir(), 'backlay-test-'));
    await chmod(tempDir, 0o755); // the unprivileged PostgreSQL user must reach it
    cluster = await startCluster({ dataDir: tempDir, fsyncOff: true });
    adminUrl = cluster.adminUrl;
  }
  const template = `backlay_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await migrate(templateUrl.toString());
  project.provide('testDb', { adminUrl, template });

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
    await cluster?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}

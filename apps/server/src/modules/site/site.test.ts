import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteConfig } from '@backlay/contract/site';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { brandLabel, BUILT_IN_BRANDS, createSiteService, loadBrandTable } from './site.service.js';

describe('brandLabel (docs/decisions.md#silent-rules: the second-level label of the host name)', () => {
  it.each([
    ['skyexch.com', 'skyexch'],
    ['www.skyexch.com', 'skyexch'],
    ['SkyExch.COM.', 'skyexch'],
    ['skyexch.localhost', 'skyexch'],
    ['skyexch.co.in', 'skyexch'],
    ['m.tigerbook.co.uk', 'tigerbook'],
    ['localhost', undefined],
    ['127.0.0.1', undefined],
    ['::1', undefined],
  ])('%s → %s', (host, label) => {
    expect(brandLabel(host)).toBe(label);
  });
});

describe('the brand table', () => {
  const table = loadBrandTable(BUILT_IN_BRANDS);

  it('has at least three brands besides the default', () => {
    expect(
      table.brands.filter((entry) => entry.id !== table.default).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('picks a brand by host and the default for unknown hosts and localhost', () => {
    const site = createSiteService(table, {
      reportTimeZone: 'Asia/Kolkata',
      priceStaleSeconds: 10,
      matkaPayout: 90,
    });
    expect(site.configFor('skyexch.localhost').brand.id).toBe('skyexch');
    expect(site.configFor('www.tigerbook.com').brand.id).toBe('tigerbook');
    expect(site.configFor('lotusplay.in').brand.id).toBe('lotusplay');
    expect(site.configFor('localhost').brand.id).toBe('backlay');
    expect(site.configFor('unknown-brand.com').brand.id).toBe('backlay');
    expect(site.configFor('skyexch.localhost').supportUrl).toBe('https://wa.me/910000000001');
  });

  it('refuses a broken table with a message naming the file and the fault', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    const noDefault = join(dir, 'no-default.json');
    writeFileSync(noDefault, JSON.stringify({ ...table, default: 'nobody' }));
    expect(() => loadBrandTable(noDefault)).toThrow(/no-default\.json[\s\S]*default must name/);
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{ "brands": ');
    expect(() => loadBrandTable(notJson)).toThrow(/broken\.json/);
    const badUrl = join(dir, 'bad-url.json');
    writeFileSync(
      badUrl,
      JSON.stringify({ ...table, social: [{ label: 'X', url: 'javascript:alert(1)' }] }),
    );
    expect(() => loadBrandTable(badUrl)).toThrow(/social\.0\.url/);
  });
});

describe('GET /api/Site/Config', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers the brand of the Host header, without a token, in the contract shape', async () => {
    const sky = await app.inject({
      url: '/api/Site/Config',
      headers: { host: 'skyexch.localhost:8080' },
    });
    expect(sky.statusCode).toBe(200);
    const body = sky.json();
    expect(body.Status).toBe(true);
    expect(siteConfig.parse(body.Result).brand).toMatchObject({
      id: 'skyexch',
      name: 'SkyExch',
      logo: '/brand/skyexch-logo.svg',
      favicon: '/brand/skyexch-favicon.svg',
    });
    const plain = await app.inject({
      url: '/api/Site/Config',
      headers: { host: 'localhost:8080' },
    });
    expect(plain.json().Result.brand.id).toBe('backlay');
    expect(plain.json().Result.payments).toContain('upi');
    expect(plain.json().Result.reportTimeZone).toBe('Asia/Kolkata');
    expect(plain.json().Result.matkaPayout).toBe(90);
  });

  it("carries the server's REPORT_TZ, FEED_STALE_S and MATKA_PAYOUT, which the client reads as the server does", async () => {
    const london = await buildTestApp(database.db, {
      config: { reportTz: 'Europe/London', feedStaleS: 25, matkaPayout: 95 },
    });
    try {
      const answer = await london.inject({ url: '/api/Site/Config' });
      const result = siteConfig.parse(answer.json().Result);
      expect(result.reportTimeZone).toBe('Europe/London');
      expect(result.priceStaleSeconds).toBe(25);
      expect(result.matkaPayout).toBe(95);
    } finally {
      await london.close();
    }
  });
});

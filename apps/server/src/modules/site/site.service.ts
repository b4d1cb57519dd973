import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brand, siteLink, type Brand, type SiteConfig } from '@backlay/contract/site';
import { z } from 'zod';

/** The built-in brand table; `BRANDS_FILE` replaces it. It stays in `src/` for `dist/` too. */
export const BUILT_IN_BRANDS = fileURLToPath(
  new URL('../../../src/modules/site/brands.json', import.meta.url),
);

/** Links go to web pages only: no `javascript:` or `data:` from a careless table. */
const webUrl = z.url({ protocol: /^https?$/ });

const brandTable = z
  .object({
    default: z.string(),
    brands: z.array(brand.extend({ supportUrl: webUrl })).min(1),
    awareness: z.array(siteLink.extend({ url: webUrl })),
    social: z.array(siteLink.extend({ url: webUrl })),
    payments: z.array(z.string().regex(/^[a-z0-9-]+$/)),
  })
  .refine((table) => table.brands.some((entry) => entry.id === table.default), {
    message: 'default must name one of the brands',
  })
  .refine((table) => new Set(table.brands.map((entry) => entry.id)).size === table.brands.length, {
    message: 'brand ids must be unique',
  });
export type BrandTable = z.infer<typeof brandTable>;

/** Reads and checks a brand table; throws one readable message naming the file and the fault. */
export function loadBrandTable(file: string): BrandTable {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `Brand table ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = brandTable.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Brand table ${file}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Public second-level suffixes under which the brand is one label further left (`x.co.in`). */
const SHARED_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu']);

/**
 * The brand label of a host name (docs/decisions.md#silent-rules): its second-level label, lower-cased —
 * `skyexch.com`, `www.skyexch.com`, `skyexch.localhost` → `skyexch`; `skyexch.co.in` → `skyexch`.
 * `localhost`, single labels and IP addresses have none.
 */
export function brandLabel(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return undefined;
  const labels = host.split('.').filter((label) => label !== '');
  if (labels.length < 2) return undefined;
  const second = labels[labels.length - 2];
  if (labels.length >= 3 && second !== undefined && SHARED_SECOND_LEVEL.has(second))
    return labels[labels.length - 3];
  return second;
}

/** What the client must read as the server does (README "Configuration"). */
export interface SiteSettings {
  /** REPORT_TZ: the client's report filters default to today in the zone report days are read in. */
  readonly reportTimeZone: string;
  /** FEED_STALE_S: the client greys out prices as old as the server's freshness window. */
  readonly priceStaleSeconds: number;
  /** MATKA_PAYOUT: the matka screens show what a hit returns, as the settlement pays it. */
  readonly matkaPayout: number;
}

/** The site service over a brand table, with the settings the client reads as the server does. */
export function createSiteService(table: BrandTable, settings: SiteSettings) {
  const byId = new Map(table.brands.map((entry) => [entry.id, entry]));
  const fallback = byId.get(table.default);
  if (!fallback) throw new Error(`Brand table: no brand ${table.default}`);
  return {
    /** The site as `hostname` (no port) sees it; unknown hosts get the default brand. */
    configFor(hostname: string): SiteConfig {
      const label = brandLabel(hostname);
      const { supportUrl, ...picked } = (label && byId.get(label)) || fallback;
      const shown: Brand = picked;
      return {
        brand: shown,
        supportUrl,
        awareness: table.awareness,
        social: table.social,
        payments: table.payments,
        reportTimeZone: settings.reportTimeZone,
        priceStaleSeconds: settings.priceStaleSeconds,
        matkaPayout: settings.matkaPayout,
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;

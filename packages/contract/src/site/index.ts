import { z } from 'zod';
import { endpoint, success } from '../common.js';

/**
 * The site as the visitor's host name picks it (docs/product.md#purpose; docs/decisions.md#silent-rules "Brand"): the brand (logo,
 * name, colours, favicon, title) and the footer's configured links. Brands are data: the server
 * reads them from a brand table and picks by the second-level label of the `Host` header
 * (`skyexch.com`, `skyexch.localhost` → `skyexch`); unknown hosts and `localhost` get the default.
 */
export const brandColors = z.object({
  primary: z.string(),
  primaryDark: z.string(),
  onPrimary: z.string(),
  accent: z.string(),
  onAccent: z.string(),
  surface: z.string(),
  page: z.string(),
});

export const siteLink = z.object({ label: z.string(), url: z.string() });
export type SiteLink = z.infer<typeof siteLink>;

export const brand = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  /** Same-origin path of an SVG, e.g. `/brand/skyexch-logo.svg`. */
  logo: z.string(),
  favicon: z.string(),
  colors: brandColors,
});
export type Brand = z.infer<typeof brand>;

export const siteConfig = z.object({
  brand,
  /** The support chat (user menu Support, footer menu Whatsapp support, page footer). */
  supportUrl: z.string(),
  /** Gambling-awareness links of the page footer. */
  awareness: z.array(siteLink),
  /** Social links of the page footer; `label` names the network (icon chosen by label). */
  social: z.array(siteLink),
  /** Payment methods whose logos the page footer shows (ids of our own SVGs). */
  payments: z.array(z.string()),
  /**
   * The server's REPORT_TZ (an IANA zone): report days are calendar days of this zone, so a
   * report's default dates are "today" here, whatever the browser's own zone.
   */
  reportTimeZone: z.string(),
  /**
   * The feed's freshness window, FEED_STALE_S: prices older than this are suspended by the server,
   * and the client greys them out with their age.
   */
  priceStaleSeconds: z.number().int().positive(),
  /** MATKA_PAYOUT: a matka number that hits returns this many times its amount, stake included. */
  matkaPayout: z.number().int().positive(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const getSiteConfig = endpoint({
  method: 'GET',
  path: '/api/Site/Config',
  audience: 'public',
  summary: 'The brand picked by the host name and the footer links',
  response: success(siteConfig),
});

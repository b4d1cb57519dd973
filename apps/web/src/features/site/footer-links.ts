import type { SiteConfig } from '@backlay/contract/site';

/**
 * What the page footer shows of the site's configuration (docs/product.md#purpose), as data both
 * of its renderers read: the React `PageFooter` and the landing page's script, which fills the
 * same markup (`fillPageFooter`).
 */

/** The payment methods we have our own logo for (`/payments/{id}.svg`), with their names. */
export const PAYMENT_NAMES: Readonly<Record<string, string>> = {
  upi: 'UPI',
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  gpay: 'Google Pay',
  visa: 'Visa',
  mastercard: 'Mastercard',
  netbanking: 'Net banking',
};

/** The configured payment methods the footer has a logo for, in the configured order. */
export const shownPayments = (config: SiteConfig | undefined): string[] =>
  (config?.payments ?? []).filter((id) => id in PAYMENT_NAMES);

/** Every outside link opens in a new tab and tells the other site nothing about this one. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noreferrer noopener' } as const;

/** Our own simple marks for the footer's social links, chosen by the link's label. */
const SOCIAL_MARKS: Readonly<Record<string, string>> = {
  instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm4.5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.2-2.4h.01',
  telegram: 'M21 4 3 11.2l5.6 2.1L18 7l-7.4 7.6.2 5.4 3-3.6 4.4 3.3L21 4Z',
  x: 'M4 4h4.5L20 20h-4.5L4 4Zm16 0-6.6 7.3M4 20l6.6-7.3',
  youtube:
    'M3.4 7.6c.2-1.3 1.2-2.2 2.5-2.3C8 5.1 10 5 12 5s4 .1 6.1.3c1.3.1 2.3 1 2.5 2.3.3 1.5.4 3 .4 4.4s-.1 2.9-.4 4.4c-.2 1.3-1.2 2.2-2.5 2.3-2.1.2-4.1.3-6.1.3s-4-.1-6.1-.3c-1.3-.1-2.3-1-2.5-2.3C3.1 14.9 3 13.4 3 12s.1-2.9.4-4.4ZM10 9v6l5-3-5-3Z',
};

/** A link's mark for a network we have none for. */
const LINK_MARK =
  'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3A4 4 0 0 0 11 18.7l1-1';

/** The path of a social link's icon (a 24 × 24 stroke drawing), by the link's label. */
export const socialMark = (label: string): string =>
  SOCIAL_MARKS[label.trim().toLowerCase()] ?? LINK_MARK;

/** The footer's last line: whose site this is. */
export const copyrightLine = (brandName: string): string => `© ${brandName}`;

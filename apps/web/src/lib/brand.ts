import type { Brand } from '@backlay/contract/site';

export type { Brand };

/**
 * Brands are data (docs/decisions.md#silent-rules, #look): the server picks one by the host name (`GET /api/Site/Config`)
 * and the client applies it as CSS custom properties, title and favicon. Themes change colours,
 * logo and name, never the layout. This one shows until the configured brand arrives, and stays
 * if it never does; it mirrors the server's default brand.
 */
export const DEFAULT_BRAND: Brand = {
  id: 'backlay',
  name: 'Backlay',
  title: 'Backlay — Exchange, Matka & Casino',
  logo: '/brand/backlay-logo.svg',
  favicon: '/brand/backlay-favicon.svg',
  colors: {
    primary: '#123c3a',
    primaryDark: '#0b2726',
    onPrimary: '#ffffff',
    accent: '#f5b700',
    onAccent: '#1d1d1d',
    surface: '#ffffff',
    page: '#eef1f3',
  },
};

/** The support chat until the site's configuration names its own. */
export const DEFAULT_SUPPORT_URL = 'https://wa.me/910000000000';

/** The CSS custom properties a brand sets on the root element, by property name. */
export function brandProperties(brand: Brand): Record<string, string> {
  return {
    '--brand-primary': brand.colors.primary,
    '--brand-primary-dark': brand.colors.primaryDark,
    '--brand-on-primary': brand.colors.onPrimary,
    '--brand-accent': brand.colors.accent,
    '--brand-on-accent': brand.colors.onAccent,
    '--surface': brand.colors.surface,
    '--page': brand.colors.page,
    '--brand-logo': `url("${brand.logo}")`,
  };
}

/** Applies a brand to the document: colours, the tab's title and its icon. */
export function applyBrand(brand: Brand, doc: Document = document): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(brandProperties(brand))) {
    root.style.setProperty(name, value);
  }
  doc.title = brand.title;
  let icon = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.type = 'image/svg+xml';
  icon.setAttribute('href', brand.favicon);
}

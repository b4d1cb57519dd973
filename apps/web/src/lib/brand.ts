/**
 * Brands are data (DESIGN §8, §9): name, logo and colours, applied as CSS custom properties that
 * the whole shell reads. Themes change colours, logo and name, never the layout.
 */
export interface Brand {
  readonly id: string;
  readonly name: string;
  readonly logo: string;
  readonly supportUrl: string;
  readonly colors: {
    readonly primary: string;
    readonly primaryDark: string;
    readonly onPrimary: string;
    readonly accent: string;
    readonly onAccent: string;
    readonly surface: string;
    readonly page: string;
  };
}

export const DEFAULT_BRAND: Brand = {
  id: 'backlay',
  name: 'Backlay',
  logo: '/brand/backlay-logo.svg',
  supportUrl: 'https://wa.me/910000000000',
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

export function applyBrand(brand: Brand, root: HTMLElement = document.documentElement): void {
  const vars: Record<string, string> = {
    '--brand-primary': brand.colors.primary,
    '--brand-primary-dark': brand.colors.primaryDark,
    '--brand-on-primary': brand.colors.onPrimary,
    '--brand-accent': brand.colors.accent,
    '--brand-on-accent': brand.colors.onAccent,
    '--surface': brand.colors.surface,
    '--page': brand.colors.page,
    '--brand-logo': `url("${brand.logo}")`,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  document.title = brand.name;
}

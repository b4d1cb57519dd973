import { beforeEach, describe, expect, it } from 'vitest';
import { applyBrand, DEFAULT_BRAND, type Brand } from './brand';

const skyexch: Brand = {
  ...DEFAULT_BRAND,
  id: 'skyexch',
  name: 'SkyExch',
  title: 'SkyExch — Live Exchange',
  logo: '/brand/skyexch-logo.svg',
  favicon: '/brand/skyexch-favicon.svg',
  colors: { ...DEFAULT_BRAND.colors, primary: '#0f3b7a', accent: '#ffcc29' },
};

const iconHref = () => document.head.querySelector('link[rel~="icon"]')?.getAttribute('href');
const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('applyBrand', () => {
  beforeEach(() => {
    for (const link of document.head.querySelectorAll('link[rel~="icon"]')) link.remove();
  });

  it("sets the brand's title, favicon and colours", () => {
    applyBrand(skyexch);
    expect(document.title).toBe('SkyExch — Live Exchange');
    expect(iconHref()).toBe('/brand/skyexch-favicon.svg');
    expect(cssVar('--brand-primary')).toBe('#0f3b7a');
    expect(cssVar('--brand-accent')).toBe('#ffcc29');
    expect(cssVar('--page')).toBe(DEFAULT_BRAND.colors.page);
    expect(cssVar('--brand-logo')).toBe('url("/brand/skyexch-logo.svg")');
  });

  it('replaces the href of the existing icon link rather than adding another', () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = '/favicon.svg';
    document.head.append(link);
    applyBrand(DEFAULT_BRAND);
    applyBrand(skyexch);
    expect(document.head.querySelectorAll('link[rel~="icon"]')).toHaveLength(1);
    expect(iconHref()).toBe('/brand/skyexch-favicon.svg');
  });
});

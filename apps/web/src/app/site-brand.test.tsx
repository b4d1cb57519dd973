import { getSiteConfig } from '@backlay/contract/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyBrand, DEFAULT_BRAND } from '../lib/brand';
import { jsonResponse, routeFetch, stubFetch } from '../test/fetch';
import { skyexchConfigAnswer } from '../test/fixtures/site-answers';
import { SiteBrand } from './site-brand';

function renderSiteBrand(carried = DEFAULT_BRAND) {
  applyBrand(carried);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SiteBrand />
    </QueryClientProvider>,
  );
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);
const iconHref = () => document.head.querySelector('link[rel~="icon"]')?.getAttribute('href');

describe('the site brand', () => {
  it("applies the host's brand from GET /api/Site/Config, with no login", async () => {
    const { callsTo } = routeFetch({
      '/api/Site/Config': () => ({ body: getSiteConfig.response.parse(skyexchConfigAnswer) }),
    });
    renderSiteBrand();
    await waitFor(() => expect(document.title).toBe('SkyExch — Live Exchange'));
    expect(iconHref()).toBe('/brand/skyexch-favicon.svg');
    expect(cssVar('--brand-primary')).toBe('#0f3b7a');
    expect(cssVar('--brand-primary-dark')).toBe('#0a2753');
    expect(callsTo('/api/Site/Config')).toHaveLength(1);
    const headers = callsTo('/api/Site/Config')[0]?.init?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });

  it('keeps the default brand when the configuration cannot be had', async () => {
    const { callsTo } = routeFetch({
      '/api/Site/Config': () => ({ status: 503, body: { Status: false, Result: 'Busy' } }),
    });
    renderSiteBrand();
    await waitFor(() => expect(callsTo('/api/Site/Config')).toHaveLength(1));
    expect(document.title).toBe(DEFAULT_BRAND.title);
    expect(iconHref()).toBe(DEFAULT_BRAND.favicon);
    expect(cssVar('--brand-primary')).toBe(DEFAULT_BRAND.colors.primary);
  });

  it('keeps the brand the page carries while the configuration is out, never the default', async () => {
    const answer = getSiteConfig.response.parse(skyexchConfigAnswer);
    let respond: () => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (respond = () => resolve(jsonResponse(answer)))));
    // As the landing page's script leaves it when the app takes the page over.
    renderSiteBrand(answer.Result.brand);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cssVar('--brand-primary')).toBe('#0f3b7a');
    expect(document.title).toBe('SkyExch — Live Exchange');
    respond();
    await waitFor(() => expect(iconHref()).toBe('/brand/skyexch-favicon.svg'));
    expect(cssVar('--brand-primary')).toBe('#0f3b7a');
  });
});

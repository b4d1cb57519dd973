import type { SiteConfig } from '@backlay/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_BRAND, DEFAULT_SUPPORT_URL, type Brand } from '../../../lib/brand';
import { HOST_SCOPED } from '../../../lib/query-cache';
import { siteKeys } from '../query-keys';
import { fetchSiteConfig } from './fetch-site-config';

/**
 * The brand and footer links the host name picks (docs/product.md#purpose; docs/decisions.md#silent-rules "Brand"). Public, asked once
 * per page load and never again: the host does not change under a running page, and a logout
 * keeps it.
 */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: siteKeys.config(),
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    meta: HOST_SCOPED,
  });

/** The site's configuration; `undefined` until it arrives (or when it failed). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQuery()).data;
}

/** The brand to show: the configured one, or the default until it arrives or if it fails. */
export function useBrand(): Brand {
  return useQuery({ ...siteConfigQuery(), select: (config) => config.brand }).data ?? DEFAULT_BRAND;
}

/** The support chat (user menu Support, footer menu Whatsapp support, page footer). */
export function useSupportUrl(): string {
  return (
    useQuery({ ...siteConfigQuery(), select: (config) => config.supportUrl }).data ??
    DEFAULT_SUPPORT_URL
  );
}

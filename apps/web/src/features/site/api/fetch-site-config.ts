import { getSiteConfig } from '@backlay/contract/site/client';
import type { SiteConfig } from '@backlay/contract/site';
import { callApi } from '../../../lib/api';

/**
 * The site's configuration as the host name picks it (public). React-free: the app's query
 * (`siteConfigQuery`) and the landing page's script (app/landing-page.ts) both ask through it.
 */
export async function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return (await callApi(getSiteConfig, { signal })).Result;
}

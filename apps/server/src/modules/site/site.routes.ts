import { getSiteConfig } from '@backlay/contract/site';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoints.js';
import type { SiteService } from './site.service.js';

export async function siteRoutes(
  app: FastifyInstance,
  { site, moneyBodyLimit }: { site: SiteService; moneyBodyLimit: number },
): Promise<void> {
  registerEndpoint(
    app,
    getSiteConfig,
    async ({ request }) => ({ Status: true as const, Result: site.configFor(request.hostname) }),
    { moneyBodyLimit },
  );
}

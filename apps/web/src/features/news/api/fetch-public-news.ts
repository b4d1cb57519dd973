import { getPublicNews } from '@backlay/contract/news/client';
import { callApi } from '../../../lib/api';

/**
 * The public news (no login needed), as the landing page's marquee shows them: the first message
 * alone (docs/product.md#screens), or nothing when there is none or the server refused. React-free:
 * the marquee's query (`usePublicNews`) and the landing page's script (app/landing-page.ts) both
 * ask through it.
 */
export async function fetchPublicNewsLine(signal?: AbortSignal): Promise<string[]> {
  const answer = await callApi(getPublicNews, { signal });
  const first = answer.Status ? answer.Result[0]?.Message : undefined;
  return first ? [first] : [];
}

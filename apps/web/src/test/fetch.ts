import { vi } from 'vitest';

export interface Recorded {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

/** Replaces fetch with answers given in order (the last one repeats); records every call. */
export function stubFetch(
  ...answers: ReadonlyArray<{ status?: number; body: unknown } | Promise<Response>>
) {
  const calls: Recorded[] = [];
  let index = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (answer instanceof Promise) return answer;
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with answers chosen by path (the URL without its query), for screens that make
 * several calls at once; `answer` may read the full URL and the call's number for that path.
 * A path with no answer fails the test loudly with a 599.
 */
export function routeFetch(
  answers: Record<string, (url: URL, count: number) => { status?: number; body: unknown }>,
) {
  const calls: Recorded[] = [];
  const counts = new Map<string, number>();
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const parsed = new URL(url, 'http://localhost');
    const count = (counts.get(parsed.pathname) ?? 0) + 1;
    counts.set(parsed.pathname, count);
    const answer = answers[parsed.pathname]?.(parsed, count) ?? {
      status: 599,
      body: { Status: false, Result: `no recorded answer for ${parsed.pathname}` },
    };
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetch);
  const callsTo = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
  return { fetch, calls, callsTo };
}

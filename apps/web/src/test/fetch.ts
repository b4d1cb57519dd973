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

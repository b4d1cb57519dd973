import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredLogin, storeLogin } from '../../../lib/session';
import { stubFetch } from '../../../test/fetch';
import { SESSION_CHECK_MS } from '../api/check-is-valid';
import { useSessionCheck } from './use-session-check';
import { eventually } from '../../../test/eventually';

const login = { Token: 'tok', uid: 3, UserName: 'asha', IsValidToken: 'valid-value' };

function mount() {
  storeLogin(login);
  const handlers = { onInvalid: vi.fn(), onValid: vi.fn(), onFailure: vi.fn() };
  function Probe() {
    useSessionCheck(login, handlers);
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return handlers;
}

describe('session check', () => {
  it('runs every 10 seconds and reloads news and balance while the value matches', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch({ body: { Status: true, Result: 'valid-value' } });
    const handlers = mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/Authenticate/checkIsValid');
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS - 1));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    expect(calls).toHaveLength(3);
    expect(SESSION_CHECK_MS).toBe(10_000);
    await eventually(() => expect(handlers.onValid).toHaveBeenCalledTimes(3), { interval: 1 });
    expect(handlers.onInvalid).not.toHaveBeenCalled();
  });

  it('logs out when the value differs from the stored IsValidToken', async () => {
    vi.useFakeTimers();
    stubFetch(
      { body: { Status: true, Result: 'valid-value' } },
      { body: { Status: true, Result: 'another-session' } },
    );
    const handlers = mount();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    await eventually(() => expect(handlers.onInvalid).toHaveBeenCalledTimes(1), { interval: 1 });
    expect(handlers.onValid).toHaveBeenCalledTimes(1);
  });

  it('logs out when the status is false', async () => {
    vi.useFakeTimers();
    stubFetch({ body: { Status: false, Result: 'Session ended' } });
    const handlers = mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(handlers.onInvalid).toHaveBeenCalledTimes(1);
  });

  it('goes to the network error page with the status of a non-401 failure', async () => {
    vi.useFakeTimers();
    stubFetch({ status: 502, body: { Status: false, Result: 'Bad gateway' } });
    const handlers = mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(handlers.onFailure).toHaveBeenCalledWith(502);
  });

  it('leaves a 401 to the API client, which removes the stored login', async () => {
    vi.useFakeTimers();
    stubFetch({ status: 401, body: { Status: false, Result: 'User not authenticated' } });
    const handlers = mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(handlers.onFailure).not.toHaveBeenCalled();
    expect(getStoredLogin()).toBeNull();
  });
});

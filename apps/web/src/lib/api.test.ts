import { getMainBalance } from '@backlay/contract/wallet/client';
import { validLogin } from '@backlay/contract/auth/client';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch';
import { ApiError, callApi, NOT_AUTHENTICATED, setUnauthorizedHandler } from './api';
import { getStoredLogin, storeLogin } from './session';

const login = { Token: 'tok-1', uid: 7, UserName: 'asha', IsValidToken: 'v-1' };

describe('callApi', () => {
  it("fails with 'User not authenticated' and sends nothing when no token is stored", async () => {
    const { fetch } = stubFetch({ body: {} });
    await expect(callApi(getMainBalance)).rejects.toThrow(NOT_AUTHENTICATED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the bearer token and parses the answer with the endpoint schema', async () => {
    storeLogin(login);
    const { calls } = stubFetch({ body: { Status: true, Result: { MainBalance: 1500.5 } } });
    await expect(callApi(getMainBalance)).resolves.toEqual({
      Status: true,
      Result: { MainBalance: 1500.5 },
    });
    expect(calls[0]?.url).toBe('/api/AmountModels/GetMainBalance');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('starts the request in a task of its own where the browser can yield', async () => {
    storeLogin(login);
    const { fetch } = stubFetch({ body: { Status: true, Result: { MainBalance: 1 } } });
    let resume = () => {};
    const scheduler = { yield: vi.fn(() => new Promise<void>((resolve) => (resume = resolve))) };
    vi.stubGlobal('scheduler', scheduler);
    try {
      const answer = callApi(getMainBalance);
      await Promise.resolve();
      expect(scheduler.yield).toHaveBeenCalledTimes(1);
      expect(fetch).not.toHaveBeenCalled();
      resume();
      await expect(answer).resolves.toEqual({ Status: true, Result: { MainBalance: 1 } });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('removes the stored login and goes to /login on a 401', async () => {
    storeLogin(login);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch({ status: 401, body: { Status: false, Result: 'User not authenticated' } });
    await expect(callApi(getMainBalance)).rejects.toMatchObject({ status: 401 });
    expect(getStoredLogin()).toBeNull();
    expect(localStorage.getItem('loginUserDetails')).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("carries a refusal's Result and status", async () => {
    stubFetch({
      status: 429,
      body: { Status: false, Result: 'Too many failed logins. Try again in 30 seconds.' },
    });
    const failure = callApi(validLogin, {
      query: { ipAddress: '' },
      body: { username: 'a', password: 'b', LatLong: '1,2' },
    });
    await expect(failure).rejects.toEqual(
      new ApiError(429, 'Too many failed logins. Try again in 30 seconds.'),
    );
  });

  it('builds the query string and JSON body of a public call without a token', async () => {
    const { calls } = stubFetch({
      body: { Status: false, Result: 'Invalid username or password' },
    });
    await callApi(validLogin, {
      query: { ipAddress: '' },
      body: { username: 'a', password: 'b', LatLong: '1,2' },
    });
    expect(calls[0]?.url).toBe('/api/Authenticate/ValidLogin?ipAddress=');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      username: 'a',
      password: 'b',
      LatLong: '1,2',
    });
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBeNull();
  });
});

import { boClients, riskBook } from '@backlay/contract/backoffice/client';
import { getMainBalance } from '@backlay/contract/wallet/client';
import { describe, expect, it } from 'vitest';
import { callApi, NOT_AUTHENTICATED } from '../../lib/api';
import { getStoredLogin, storeLogin } from '../../lib/session';
import { stubFetch } from '../../test/fetch';
import { TEST_LOGIN } from '../../test/render';
import {
  clearOperatorLogin,
  getOperatorLogin,
  OPERATOR_SESSION_KEY,
  storeOperatorLogin,
} from './session';
import { headersOf, OPERATOR } from './testing';

describe("the operator's login", () => {
  it("is kept in this tab's session storage under its own key, apart from the client's", () => {
    storeOperatorLogin(OPERATOR);
    expect(JSON.parse(sessionStorage.getItem(OPERATOR_SESSION_KEY) ?? 'null')).toEqual(OPERATOR);
    expect(OPERATOR_SESSION_KEY).toBe('backlay.operator');
    expect(localStorage.getItem('loginUserDetails')).toBeNull();
    expect(getStoredLogin()).toBeNull();
    clearOperatorLogin();
    expect(sessionStorage.getItem(OPERATOR_SESSION_KEY)).toBeNull();
    expect(getOperatorLogin()).toBeNull();
  });

  it("sends the operator's bearer token on operator routes, and the client's on client routes", async () => {
    storeOperatorLogin(OPERATOR);
    storeLogin(TEST_LOGIN);
    const { calls } = stubFetch({ body: { Status: true, Result: {} } });
    await callApi(riskBook);
    await callApi(getMainBalance);
    expect(headersOf(calls[0]?.init).get('authorization')).toBe('Bearer op-token');
    expect(headersOf(calls[1]?.init).get('authorization')).toBe('Bearer tok');
  });

  it('fails an operator route with 401 and sends nothing when no operator is logged in', async () => {
    storeLogin(TEST_LOGIN);
    const { fetch } = stubFetch({ body: {} });
    await expect(callApi(riskBook)).rejects.toMatchObject({
      status: 401,
      message: NOT_AUTHENTICATED,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("ends only the operator's login on a 401 from an operator route", async () => {
    storeOperatorLogin(OPERATOR);
    storeLogin(TEST_LOGIN);
    stubFetch({ status: 401, body: { Status: false, Result: 'Session expired' } });
    await expect(callApi(boClients, { query: {} })).rejects.toMatchObject({ status: 401 });
    expect(getOperatorLogin()).toBeNull();
    expect(sessionStorage.getItem(OPERATOR_SESSION_KEY)).toBeNull();
    expect(getStoredLogin()).toEqual(TEST_LOGIN);
  });

  it("keeps the operator's login when a client route answers 401", async () => {
    storeOperatorLogin(OPERATOR);
    storeLogin(TEST_LOGIN);
    stubFetch({ status: 401, body: { Status: false, Result: 'User not authenticated' } });
    await expect(callApi(getMainBalance)).rejects.toMatchObject({ status: 401 });
    expect(getStoredLogin()).toBeNull();
    expect(getOperatorLogin()).toEqual(OPERATOR);
  });
});

import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fetch';
import { renderScreen, TEST_LOGIN } from '../test/render';
import { RequireSession } from './guards';

describe('RequireSession', () => {
  it('loads the screen beneath the dice overlay while the first session check is out, and lifts the overlay when it passes', async () => {
    let answer: (response: Response) => void = () => {};
    const check = new Promise<Response>((resolve) => (answer = resolve));
    const fetch = vi.fn((_url: string) => check);
    vi.stubGlobal('fetch', fetch);

    renderScreen(null, {
      url: '/home',
      routes: [
        { element: <RequireSession />, children: [{ path: '/home', element: <h1>Markets</h1> }] },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/Authenticate/checkIsValid');

    await act(async () => {
      answer(jsonResponse({ Status: true, Result: TEST_LOGIN.IsValidToken }));
      await check;
    });
    await expect.poll(() => screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeTruthy();
  });
});

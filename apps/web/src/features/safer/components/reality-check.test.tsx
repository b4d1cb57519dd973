import { getSafer, getSessionSummary } from '@backlay/contract/safer';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import {
  noLimitsAnswer,
  realityCheck60Answer,
  saferAnswer,
  sessionSummaryAnswer,
} from '../../../test/fixtures/safer-answers';
import { renderScreen } from '../../../test/render';
import { saferKeys } from '../query-keys';
import { RealityCheck, RealityCheckDialog } from './reality-check';

const SAFER = '/api/safer';
const SESSION = '/api/safer/session';
const MINUTE = 60_000;

/** Lets fetches answer and React commit, moving the fake clock by `ms`. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function mount(safer: unknown = saferAnswer) {
  const fetch = routeFetch({
    [SAFER]: () => ({ body: getSafer.response.parse(safer) }),
    [SESSION]: () => ({ body: getSessionSummary.response.parse(sessionSummaryAnswer) }),
  });
  const onLogout = vi.fn();
  const { client } = renderScreen(<RealityCheck onLogout={onLogout} />);
  return { ...fetch, onLogout, client };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Reality check' });

describe('the reality check', () => {
  // Its chunk is here by the time a check falls due: the frame fetches it once checks are on.
  beforeAll(async () => {
    await RealityCheckDialog.preload();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    // Ten minutes into the session of the answers (08:00 UTC), checks every 30 minutes.
    vi.setSystemTime(new Date('2026-11-27T08:10:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows time, bets and net result 30 minutes from the session start, and moves focus in', async () => {
    const { callsTo } = mount();
    await pass(0);
    expect(callsTo(SAFER)).toHaveLength(1);
    await pass(20 * MINUTE - 1);
    expect(dialog()).toBeNull();
    expect(callsTo(SESSION)).toHaveLength(0);

    await pass(1);
    const shown = dialog();
    expect(shown).not.toBeNull();
    expect(shown!.getAttribute('aria-modal')).toBe('true');
    expect(shown!.contains(document.activeElement)).toBe(true);
    await pass(0);
    expect(callsTo(SESSION)).toHaveLength(1);
    expect(within(shown!).getByText('You have been logged in for 30 minutes.')).toBeTruthy();
    const figures = [...shown!.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(figures).toEqual(['Time logged in30 minutes', 'Bets placed4', 'Net result-₹1,250.00']);
    expect(within(shown!).getByText('-₹1,250.00').getAttribute('data-tone')).toBe('loss');
  });

  it('Continue closes it until N minutes after its due time, and asks the figures afresh', async () => {
    const { callsTo } = mount();
    await pass(20 * MINUTE);
    expect(dialog()).not.toBeNull();
    // Read for two minutes, then carry on: the next is due at 09:00, not 09:02.
    await pass(2 * MINUTE);
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Continue' }));
    expect(dialog()).toBeNull();

    await pass(28 * MINUTE - 1);
    expect(dialog()).toBeNull();
    await pass(1);
    expect(dialog()).not.toBeNull();
    await pass(0);
    expect(within(dialog()!).getByText('You have been logged in for 1 hour.')).toBeTruthy();
    expect(callsTo(SESSION)).toHaveLength(2);
  });

  it('Escape carries on as Continue does', async () => {
    mount();
    await pass(20 * MINUTE);
    expect(dialog()).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeNull();
    await pass(30 * MINUTE);
    expect(dialog()).not.toBeNull();
  });

  it('Log out logs out', async () => {
    const { onLogout } = mount();
    await pass(20 * MINUTE);
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('follows a new interval at once, counted from the session start', async () => {
    const { client } = mount();
    await pass(0);
    await act(async () => {
      client.setQueryData(saferKeys.settings(), realityCheck60Answer.Result);
    });
    await pass(20 * MINUTE);
    expect(dialog()).toBeNull();
    await pass(30 * MINUTE - 1);
    expect(dialog()).toBeNull();
    await pass(1);
    expect(dialog()).not.toBeNull();
  });

  it('never shows while it is off', async () => {
    const { callsTo } = mount(noLimitsAnswer);
    await pass(0);
    expect(callsTo(SAFER)).toHaveLength(1);
    await pass(5 * 60 * MINUTE);
    expect(dialog()).toBeNull();
    expect(callsTo(SESSION)).toHaveLength(0);
  });
});

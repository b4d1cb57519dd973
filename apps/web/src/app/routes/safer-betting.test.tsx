import { getSiteConfig } from '@backlay/contract/site';
import { exclude, getSafer, setLimit, setRealityCheck } from '@backlay/contract/safer';
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_MESSAGES } from '../../features/session/stores/logged-out-notice';
import { formatDateTime } from '../../lib/format';
import { getStoredLogin } from '../../lib/session';
import { routeFetch } from '../../test/fetch';
import {
  ceilingRefusal,
  lowerLimitAnswer,
  realityCheck60Answer,
  saferAnswer,
  timeOutAnswer,
} from '../../test/fixtures/safer-answers';
import { skyexchConfigAnswer } from '../../test/fixtures/site-answers';
import { renderScreen } from '../../test/render';
import { paths } from '../paths';
import { SaferBettingPage } from './safer-betting';
import { eventually } from '../../test/eventually';

const SAFER = '/api/safer';
const LIMIT = '/api/safer/limit';
const REALITY_CHECK = '/api/safer/reality-check';
const EXCLUDE = '/api/safer/exclude';
const LOGOUT = '/api/Authenticate/logout';

/** The page's server: the settings, the site config, and the answers given to its changes. */
function mount(
  answers: {
    limit?: unknown;
    realityCheck?: unknown;
    exclude?: unknown;
  } = {},
) {
  const fetch = routeFetch({
    [SAFER]: () => ({ body: getSafer.response.parse(saferAnswer) }),
    '/api/Site/Config': () => ({ body: getSiteConfig.response.parse(skyexchConfigAnswer) }),
    [LIMIT]: () => ({ body: setLimit.response.parse(answers.limit ?? lowerLimitAnswer) }),
    [REALITY_CHECK]: () => ({
      body: setRealityCheck.response.parse(answers.realityCheck ?? realityCheck60Answer),
    }),
    [EXCLUDE]: () => ({ body: exclude.response.parse(answers.exclude ?? timeOutAnswer) }),
    [LOGOUT]: () => ({ body: { Status: true, Result: 'Logged out' } }),
  });
  const view = renderScreen(<SaferBettingPage />, { path: paths.saferBetting.pattern });
  const bodyOf = (path: string, index = 0) =>
    JSON.parse(fetch.callsTo(path)[index]?.init?.body as string) as unknown;
  return { ...fetch, ...view, bodyOf };
}

const card = (name: string) => screen.getByRole('region', { name });
const figuresOf = (region: HTMLElement) =>
  [...region.querySelectorAll('dl > div')].map((row) => row.textContent);

describe('/safer-betting', () => {
  it('shows each limit: in force, own, pending, ceiling, and what is left until when', async () => {
    mount();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Safer betting');
    await screen.findByRole('region', { name: 'Daily loss limit' });

    const day = card('Daily loss limit');
    expect(figuresOf(day)).toEqual([
      'In force₹5,000',
      'Your limit₹5,000',
      'Left today₹400.00',
      `Resets${formatDateTime('2026-11-27T18:30:00.000Z')}`,
    ]);
    expect(
      within(day).getByText(`Raises to ₹9,000 at ${formatDateTime('2026-11-28T08:35:00.000Z')}`),
    ).toBeTruthy();
    expect(within(day).getByLabelText('New limit (₹)')).toBeTruthy();
    expect(within(day).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(day).getByRole('button', { name: 'Remove limit' })).toBeTruthy();

    expect(figuresOf(card('Weekly loss limit'))).toEqual([
      'In force₹20,000',
      'Your limit₹25,000',
      "Operator's ceiling₹20,000",
      'Left this week₹15,250.50',
      `Resets${formatDateTime('2026-11-29T18:30:00.000Z')}`,
    ]);
    const month = card('Monthly loss limit');
    expect(figuresOf(month)).toEqual(['In forceNo limit', 'Your limitNone']);
    expect(within(month).queryByRole('button', { name: 'Remove limit' })).toBeNull();
    expect(figuresOf(card('Stake limit'))).toEqual(['In force₹1,000', 'Your limit₹1,000']);

    const session = card('Session limit');
    expect(figuresOf(session)).toEqual([
      'In force2 hours',
      'Your limit2 hours',
      `This session ends${formatDateTime('2026-11-27T10:00:00.000Z')}`,
    ]);
    expect(
      within(session).getByText(`Removed at ${formatDateTime('2026-11-28T07:00:00.000Z')}`),
    ).toBeTruthy();
    expect(within(session).getByLabelText('New limit (minutes)')).toBeTruthy();
    // Its removal already waits: nothing more to remove.
    expect(within(session).queryByRole('button', { name: 'Remove limit' })).toBeNull();

    const reality = card('Reality check');
    expect(within(reality).getByText('Currently every 30 minutes.')).toBeTruthy();
    expect(
      within(reality)
        .getAllByRole('radio')
        .map((radio) => [radio.parentElement?.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['30 minutes', true],
      ['60 minutes', false],
      ['120 minutes', false],
      ['Off', false],
    ]);

    const help = await screen.findByRole('link', { name: 'GamCare' });
    expect(help.getAttribute('href')).toBe('https://www.gamcare.org.uk/');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(
      within(card('Get help'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Responsible gambling', 'GamCare', 'Gamblers Anonymous', '18+ only']);
  });

  it("lowers a limit: sends whole rupees, toasts the server's message and shows the new settings", async () => {
    const success = vi.spyOn(toast, 'success');
    const { bodyOf, callsTo } = mount();
    const day = await screen.findByRole('region', { name: 'Daily loss limit' });
    fireEvent.change(within(day).getByLabelText('New limit (₹)'), { target: { value: '3,000' } });
    fireEvent.click(within(day).getByRole('button', { name: 'Save' }));
    await eventually(() =>
      expect(success).toHaveBeenCalledWith('Daily loss limit set to ₹3,000, at once.'),
    );
    expect(bodyOf(LIMIT)).toEqual({ kind: 'lossDay', value: 3000 });
    expect(figuresOf(card('Daily loss limit')).slice(0, 3)).toEqual([
      'In force₹3,000',
      'Your limit₹3,000',
      'Left today₹0.00',
    ]);
    expect(within(card('Daily loss limit')).queryByText(/^Raises to/)).toBeNull();
    expect(within(day).getByLabelText<HTMLInputElement>('New limit (₹)').value).toBe('');
    // The answer carried the settings: nothing is asked again.
    expect(callsTo(SAFER)).toHaveLength(1);
  });

  it("refuses what is not whole rupees before sending, and shows the server's refusal", async () => {
    const error = vi.spyOn(toast, 'error');
    const { bodyOf, callsTo } = mount({ limit: ceilingRefusal });
    const week = await screen.findByRole('region', { name: 'Weekly loss limit' });
    fireEvent.change(within(week).getByLabelText('New limit (₹)'), { target: { value: '12.5' } });
    fireEvent.click(within(week).getByRole('button', { name: 'Save' }));
    expect(within(week).getByRole('alert').textContent).toBe('Enter whole rupees above zero');
    expect(callsTo(LIMIT)).toHaveLength(0);

    fireEvent.change(within(week).getByLabelText('New limit (₹)'), { target: { value: '30000' } });
    expect(within(week).queryByRole('alert')).toBeNull();
    fireEvent.click(within(week).getByRole('button', { name: 'Save' }));
    await eventually(() =>
      expect(error).toHaveBeenCalledWith(
        'Weekly loss limit cannot be above ₹20,000, the ceiling your operator set.',
      ),
    );
    expect(bodyOf(LIMIT)).toEqual({ kind: 'lossWeek', value: 30000 });
    expect(figuresOf(card('Weekly loss limit'))[0]).toBe('In force₹20,000');

    const session = card('Session limit');
    fireEvent.change(within(session).getByLabelText('New limit (minutes)'), {
      target: { value: '0' },
    });
    fireEvent.click(within(session).getByRole('button', { name: 'Save' }));
    expect(within(session).getByRole('alert').textContent).toBe('Enter whole minutes above zero');
  });

  it('removes a limit', async () => {
    const { bodyOf } = mount();
    const stake = await screen.findByRole('region', { name: 'Stake limit' });
    fireEvent.click(within(stake).getByRole('button', { name: 'Remove limit' }));
    await eventually(() => expect(bodyOf(LIMIT)).toEqual({ kind: 'stake', value: null }));
  });

  it('chooses the reality check’s interval, or turns it off', async () => {
    const success = vi.spyOn(toast, 'success');
    const { bodyOf } = mount();
    const reality = await screen.findByRole('region', { name: 'Reality check' });
    fireEvent.click(within(reality).getByRole('radio', { name: '60 minutes' }));
    fireEvent.click(within(reality).getByRole('button', { name: 'Save' }));
    await eventually(() => expect(success).toHaveBeenCalledWith('Reality check every 60 minutes.'));
    expect(bodyOf(REALITY_CHECK)).toEqual({ minutes: 60 });
    expect(within(reality).getByText('Currently every 60 minutes.')).toBeTruthy();

    fireEvent.click(within(reality).getByRole('radio', { name: 'Off' }));
    fireEvent.click(within(reality).getByRole('button', { name: 'Save' }));
    await eventually(() => expect(bodyOf(REALITY_CHECK, 1)).toEqual({ minutes: null }));
  });

  it('confirms a time-out in words, then logs out to /login with the notice and its end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T08:35:00.000Z'));
    const { bodyOf, callsTo, router } = mount();
    const timeOut = await screen.findByRole('region', { name: 'Time-out' });
    fireEvent.click(within(timeOut).getByRole('radio', { name: '7 days' }));
    fireEvent.click(within(timeOut).getByRole('button', { name: 'Take a time-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Take a time-out' });
    expect(within(dialog).getByText(/^Take a time-out of 7 days\?/).textContent).toBe(
      `Take a time-out of 7 days? You will be logged out now, and login will be refused until ${formatDateTime('2026-12-04T08:35:00.000Z')}.`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(EXCLUDE)).toHaveLength(0);

    fireEvent.click(within(timeOut).getByRole('button', { name: 'Take a time-out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm time-out' }));
    await eventually(() => expect(router.location.pathname).toBe('/login'));
    expect(bodyOf(EXCLUDE)).toEqual({ period: '7d' });
    expect(getStoredLogin()).toBeNull();
    // The server's words name the end; the notice of the reason stands in without them.
    expect(sessionStorage.getItem('loggedOutNotice')).toBe(
      'You are on a time-out until 4 Dec 2026, 14:05. You have been logged out.',
    );
    expect(LOGGED_OUT_MESSAGES.time_out).toBe(
      'You are on a time-out: login is refused until it ends.',
    );
    // The server ended the session itself: nothing left to revoke.
    expect(callsTo(LOGOUT)).toHaveLength(0);
  });

  it('says a permanent self-exclusion cannot be lifted, and keeps the client in on a refusal', async () => {
    const refusal = { Status: false, Result: 'You are already excluded.' };
    const { bodyOf, router } = mount({ exclude: refusal });
    const selfExclusion = await screen.findByRole('region', { name: 'Self-exclusion' });
    expect(
      within(selfExclusion).getByRole<HTMLInputElement>('radio', { name: '6 months' }).checked,
    ).toBe(true);
    fireEvent.click(within(selfExclusion).getByRole('radio', { name: 'Permanent' }));
    fireEvent.click(within(selfExclusion).getByRole('button', { name: 'Exclude myself' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude myself' });
    expect(
      within(dialog).getByText(
        'Exclude yourself permanently? You will be logged out now, and login will be refused for good: a permanent self-exclusion cannot be lifted.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm self-exclusion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You are already excluded.',
    );
    expect(bodyOf(EXCLUDE)).toEqual({ period: 'permanent' });
    expect(router.location.pathname).toBe('/safer-betting');
    expect(getStoredLogin()).not.toBeNull();
  });
});

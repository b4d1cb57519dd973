import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/fetch';
import type * as HubModule from '../../../../lib/hub';
import { renderConsole } from '../../testing';
import { MarketUsers, outcomesOf } from './market-users';

/** The agent's hub, faked: connected, its pushes ours to send. */
const hub = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));

vi.mock('../../../../lib/hub', async (importOriginal) => ({
  ...(await importOriginal<typeof HubModule>()),
  buildHubConnection: () => ({
    on: (name: string, handler: (payload: unknown) => void) => hub.handlers.set(name, handler),
    stop: () => Promise.resolve(),
  }),
  keepConnected: (_connection: unknown, _isStopped: unknown, onLost: (lost: boolean) => void) => {
    onLost(false);
    return () => {};
  },
}));

const MARKET = {
  eventId: 301,
  eventName: 'India v Australia',
  marketId: '1.301',
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  runners: [
    { selectionId: '30101', name: 'India' },
    { selectionId: '30102', name: 'Australia' },
  ],
  runs: [],
  users: [
    { userName: 'a1', level: 'agent', pL: [-1000, 2500.5], myTake: [100, -250.05] },
    { userName: 'c9', level: 'client', pL: [300, -300], myTake: [-270, 270] },
  ],
  total: { pL: [-700, 2200.5], myTake: [-170, 19.95] },
};

const SESSION = {
  eventId: 301,
  eventName: 'India v Australia',
  marketId: '301-1',
  marketName: '6 Over Runs IND',
  marketType: 'FANCY',
  runners: [],
  runs: [44, 45, 48],
  users: [{ userName: 'c9', level: 'client', pL: [-100, 100, 100], myTake: [90, -90, -90] }],
  total: { pL: [-100, 100, 100], myTake: [90, -90, -90] },
};

const ok = (result: unknown) => ({ body: { Status: true, Result: result } });
const PATH = '/api/agent/book/1.301';
const props = {
  marketId: '1.301',
  drillHref: (parent: string) => `/backoffice/analysis/1.301?parent=${parent}`,
  backHref: '/backoffice/analysis',
};
const texts = (row: HTMLElement) =>
  [...row.children].map(
    (cell) => cell.querySelector('[data-tone]')?.textContent ?? cell.textContent,
  );

describe('market users', () => {
  it('lays out each direct child’s P/L and my take per runner, with the total', async () => {
    routeFetch({ [PATH]: () => ok(MARKET) });
    renderConsole(<MarketUsers {...props} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'India v Australia · Match Odds' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your users');
    const table = screen.getByRole('region', { name: 'User book' });
    const rows = within(table).getAllByRole('row');
    expect(texts(rows[0]!)).toEqual(['User', 'India', 'Australia']);
    expect(texts(rows[1]!)).toEqual(['P/L', 'My take', 'P/L', 'My take']);
    expect(texts(rows[2]!)).toEqual([
      'a1Agent',
      '-₹1,000.00',
      '+₹100.00',
      '+₹2,500.50',
      '-₹250.05',
    ]);
    expect(texts(rows[3]!)).toEqual(['c9Client', '+₹300.00', '-₹270.00', '-₹300.00', '+₹270.00']);
    expect(texts(rows[4]!)).toEqual(['Total', '-₹700.00', '-₹170.00', '+₹2,200.50', '+₹19.95']);
    // An agent leads down to its own users; a client does not.
    expect(within(table).getByRole('link', { name: 'a1' }).getAttribute('href')).toBe(
      '/backoffice/analysis/1.301?parent=a1',
    );
    expect(within(table).queryByRole('link', { name: 'c9' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Market analysis' }).getAttribute('href')).toBe(
      '/backoffice/analysis',
    );
  });

  it('asks for the users below a parent, and leads back to the agent’s own', async () => {
    const { callsTo } = routeFetch({ [PATH]: () => ok(MARKET) });
    renderConsole(<MarketUsers {...props} parent="a1" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Users below a1' })).toBeTruthy();
    expect(callsTo(PATH)[0]?.url).toBe('/api/agent/book/1.301?parent=a1');
    expect(screen.getByRole('link', { name: 'Back to your users' }).getAttribute('href')).toBe(
      '/backoffice/analysis/1.301?parent=rahul',
    );
  });

  it('lays out a session by final runs', async () => {
    routeFetch({ '/api/agent/book/301-1': () => ok(SESSION) });
    renderConsole(<MarketUsers {...props} marketId="301-1" />);
    const table = await screen.findByRole('region', { name: 'User book' });
    const rows = within(table).getAllByRole('row');
    expect(texts(rows[0]!)).toEqual(['User', '44 or less', '45–47', '48 or more']);
    expect(texts(rows[2]!)).toEqual([
      'c9Client',
      '-₹100.00',
      '+₹90.00',
      '+₹100.00',
      '-₹90.00',
      '+₹100.00',
      '-₹90.00',
    ]);
    expect(outcomesOf({ runners: [], runs: [10] })).toEqual(['Any']);
  });

  it('reads the book again on a RiskChanged push', async () => {
    const { callsTo } = routeFetch({ [PATH]: () => ok(MARKET) });
    renderConsole(<MarketUsers {...props} />);
    await screen.findByRole('region', { name: 'User book' });
    expect(callsTo(PATH)).toHaveLength(1);
    await act(async () => hub.handlers.get('RiskChanged')?.({ EventIds: [301] }));
    await vi.waitFor(() => expect(callsTo(PATH)).toHaveLength(2));
  });

  it('shows a 404 in the server’s words: nothing open there, or a user outside', async () => {
    routeFetch({
      [PATH]: (url) =>
        url.searchParams.get('parent') === 'zed'
          ? { status: 404, body: { Status: false, Result: "No user named 'zed'" } }
          : {
              status: 404,
              body: { Status: false, Result: "No open bets of your downline on '1.301'" },
            },
    });
    const first = renderConsole(<MarketUsers {...props} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "No open bets of your downline on '1.301'",
    );
    first.unmount();
    renderConsole(<MarketUsers {...props} parent="zed" />);
    expect((await screen.findByRole('alert')).textContent).toBe("No user named 'zed'");
  });

  it('shows a refusal in the server’s words', async () => {
    routeFetch({
      [PATH]: () => ({ body: { Status: false, Result: 'c9 is a client: it has no downline' } }),
    });
    renderConsole(<MarketUsers {...props} parent="c9" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'c9 is a client: it has no downline',
    );
  });
});

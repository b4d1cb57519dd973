import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/eventually';
import { renderConsole } from '../../testing';
import { DOWNLINE_PAGE_SIZE, Downline } from './downline';
import { AGENT_ROW, CLIENT_ROW, DOWNLINE_URL, serveConsole } from './downline-fixtures';
import { notChildReason } from './user-actions';

const userHref = (username: string) => `/backoffice/downline/${username}`;

function renderDownline(parent?: string) {
  return renderConsole(
    <Downline
      parent={parent}
      userHref={userHref}
      topHref="/backoffice/downline"
      statementHref={(username) => `/backoffice/statement/${username}`}
      createHref="/backoffice/create-user"
    />,
  );
}

/** A master's view of m1's children: the breadcrumb rahul › sm1 › m1. */
const BELOW = {
  breadcrumb: [
    { username: 'rahul', level: 'master' },
    { username: 'a5', level: 'agent' },
  ],
  total: 1,
  users: [{ ...CLIENT_ROW, username: 'c9' }],
};

describe('downline', () => {
  it('lists my direct children with their figures under my own balance', async () => {
    const { callsTo } = serveConsole();
    renderDownline();
    const table = await screen.findByRole('region', { name: 'Downline users' });
    expect(callsTo(DOWNLINE_URL)[0]?.url).toBe(`${DOWNLINE_URL}?skip=0&take=${DOWNLINE_PAGE_SIZE}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Downline' })).toBeTruthy();
    const mine = await screen.findByLabelText('Your figures');
    expect(within(mine).getByText('Your balance').nextSibling?.textContent).toBe('₹40,000.00');
    const agent = within(table).getByRole('row', { name: /rahul07/ });
    // An agent-level row leads down; a client's does not.
    expect(within(agent).getByRole('link', { name: 'rahul07' }).getAttribute('href')).toBe(
      '/backoffice/downline/rahul07',
    );
    expect(within(agent).getByText('₹10,000.00', { selector: 'td:nth-child(3)' })).toBeTruthy();
    expect(within(agent).getByText('70 %')).toBeTruthy();
    expect(within(agent).getByText('0.50 %')).toBeTruthy();
    const client = within(table).getByRole('row', { name: /c1/ });
    expect(within(client).queryByRole('link')).toBeNull();
    expect(within(client).getByText('-₹990.00')).toBeTruthy();
    expect(within(client).getByText('₹50,000.00')).toBeTruthy();
    expect(within(client).getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create user' }).getAttribute('href')).toBe(
      '/backoffice/create-user',
    );
  });

  it('searches by username and pages', async () => {
    const { callsTo } = serveConsole({}, () => ({
      body: {
        Status: true,
        Result: { breadcrumb: BELOW.breadcrumb.slice(0, 1), total: 45, users: [AGENT_ROW] },
      },
    }));
    renderDownline();
    await screen.findByRole('link', { name: 'rahul07' });
    fireEvent.change(screen.getByLabelText('Search by username'), { target: { value: ' rah ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await eventually(() =>
      expect(callsTo(DOWNLINE_URL).at(-1)?.url).toBe(`${DOWNLINE_URL}?search=rah&skip=0&take=20`),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await eventually(() =>
      expect(callsTo(DOWNLINE_URL).at(-1)?.url).toBe(`${DOWNLINE_URL}?search=rah&skip=40&take=20`),
    );
  });

  it('walks down: the breadcrumb leads back up, and chips move only with my own children', async () => {
    const { callsTo } = serveConsole({}, () => ({ body: { Status: true, Result: BELOW } }));
    renderDownline('a5');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(callsTo(DOWNLINE_URL)[0]?.url).toBe(`${DOWNLINE_URL}?parent=a5&skip=0&take=20`);
    expect(within(crumbs).getByRole('link', { name: 'rahul (Master)' }).getAttribute('href')).toBe(
      '/backoffice/downline',
    );
    expect(within(crumbs).getByText('a5').closest('[aria-current]')?.textContent).toBe('a5(Agent)');
    expect(screen.getByRole('heading', { level: 1, name: 'Downline of a5' })).toBeTruthy();
    // Only my own children are created here.
    expect(screen.queryByRole('link', { name: 'Create user' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for c9' }));
    const menu = screen.getByRole('dialog', { name: 'c9 (Client)' });
    for (const name of ['Deposit', 'Withdraw', 'Clear P/L']) {
      const button = within(menu).getByRole<HTMLButtonElement>('button', { name });
      expect(button.disabled).toBe(true);
      expect(
        document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe(notChildReason('c9', 'a5'));
    }
    expect(
      within(menu).getByRole<HTMLButtonElement>('button', { name: 'Credit reference' }).disabled,
    ).toBe(false);
    // A client has no partnership; its exposure limit is set here.
    expect(within(menu).queryByRole('button', { name: 'Partnership' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Exposure limit' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Statement of c9' }).getAttribute('href')).toBe(
      '/backoffice/statement/c9',
    );
  });

  it('a breadcrumb three levels deep links each user above the one listed', async () => {
    serveConsole({}, () => ({
      body: {
        Status: true,
        Result: {
          breadcrumb: [
            { username: 'boss', level: 'admin' },
            { username: 'sm1', level: 'supermaster' },
            { username: 'm1', level: 'master' },
          ],
          total: 0,
          users: [],
        },
      },
    }));
    renderDownline('m1');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const links = within(crumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['boss(Admin)', '/backoffice/downline'],
      ['sm1(Super master)', '/backoffice/downline/sm1'],
    ]);
    expect(screen.getByText('No user found.')).toBeTruthy();
  });

  it('says a user outside my subtree is not found, in the server’s words, with the way back', async () => {
    serveConsole({}, () => ({
      status: 404,
      body: { Status: false, Result: "No user named 'stranger'" },
    }));
    renderDownline('stranger');
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("No user named 'stranger'");
    expect(screen.getByRole('link', { name: 'Back to my downline' }).getAttribute('href')).toBe(
      '/backoffice/downline',
    );
    expect(screen.queryByRole('region', { name: 'Downline users' })).toBeNull();
  });

  it('shows a refusal of the list (a client has no downline) with the way back', async () => {
    serveConsole({}, () => ({
      body: { Status: false, Result: 'c1 is a client: it has no downline' },
    }));
    renderDownline('c1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'c1 is a client: it has no downline',
    );
    expect(screen.getByRole('link', { name: 'Back to my downline' })).toBeTruthy();
  });
});

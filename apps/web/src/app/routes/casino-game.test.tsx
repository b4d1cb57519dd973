import { casinoLaunch } from '@backlay/contract/casino';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletKeys } from '../../features/wallet/query-keys';
import { routeFetch } from '../../test/fetch';
import { launchAnswer } from '../../test/fixtures/casino-answers';
import { renderScreen } from '../../test/render';
import { paths } from '../paths';
import { CasinoGamePage } from './casino-game';

const LAUNCH = '/api/Casino/Launch';

// happy-dom loads no frame page, and says so on stderr: the frame's attributes are the point.

describe('/casino/{gameid}', () => {
  it('says an unknown game does not exist, links back to the lobby, and launches nothing', () => {
    const { callsTo } = routeFetch({});
    renderScreen(<CasinoGamePage />, { path: paths.casino.pattern, url: '/casino/blackjack' });
    expect(screen.getByRole('alert').textContent).toContain('There is no casino game called');
    expect(screen.getByRole('link', { name: 'Back to lobby' }).getAttribute('href')).toBe(
      '/casinolist',
    );
    expect(callsTo(LAUNCH)).toHaveLength(0);
  });

  it("reloads the header's balance when the player leaves the game", async () => {
    routeFetch({
      [LAUNCH]: () => ({ body: casinoLaunch.response.parse(launchAnswer()) }),
    });
    const { client, router } = renderScreen(<CasinoGamePage />, {
      path: paths.casino.pattern,
      url: '/casino/roulette',
    });
    client.setQueryData(walletKeys.balance(), { Status: true, Result: { MainBalance: 100 } });
    await screen.findByTitle('Roulette casino game');
    expect(client.getQueryState(walletKeys.balance())?.isInvalidated).toBe(false);
    await router.navigate('/casinolist');
    await waitFor(() =>
      expect(client.getQueryState(walletKeys.balance())?.isInvalidated).toBe(true),
    );
  });
});

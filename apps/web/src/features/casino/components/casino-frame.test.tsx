import { casinoLaunch } from '@backlay/contract/casino';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import { launchAnswer, launchRefusedAnswer } from '../../../test/fixtures/casino-answers';
import { renderScreen, TEST_LOGIN } from '../../../test/render';
import { casinoGameOf } from '../games';
import { CasinoFrame } from './casino-frame';

const LAUNCH = '/api/Casino/Launch';

// happy-dom loads no frame page, and says so on stderr: the frame's attributes are the point.
const game = casinoGameOf('sevenupsevendown')!;

function renderFrame(answers: Array<{ status?: number; body: unknown }>) {
  const fetch = routeFetch({
    [LAUNCH]: (_url, count) => {
      const answer = answers[Math.min(count, answers.length) - 1]!;
      return { ...answer, body: casinoLaunch.response.parse(answer.body) };
    },
  });
  renderScreen(<CasinoFrame game={game} lobbyHref="/casinolist" />);
  return fetch;
}

const frame = () => screen.findByTitle<HTMLIFrameElement>('7 Up Down casino game');

describe('the casino frame', () => {
  it('launches once and shows the launch URL in a sandboxed frame that sends no referrer', async () => {
    const { callsTo } = renderFrame([{ body: launchAnswer() }]);
    const iframe = await frame();
    expect(iframe.getAttribute('src')).toBe(launchAnswer().Result.Url);
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(iframe.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(iframe.getAttribute('allow')).toBe('');
    // The frame names the company and a launch token; the bearer token goes only in the launch
    // call's header, never into the frame's URL.
    const src = new URL(iframe.getAttribute('src')!);
    expect(src.searchParams.get('company')).toBe('backlay');
    expect(src.searchParams.get('token')).toBe('lt_3f9c0a7d2b');
    expect([...src.searchParams.values()]).not.toContain(TEST_LOGIN.Token);
    expect(src.href).not.toMatch(/bearer/i);
    const launches = callsTo(LAUNCH);
    expect(launches).toHaveLength(1);
    expect(launches[0]?.init?.method).toBe('POST');
    expect(JSON.parse(launches[0]?.init?.body as string)).toEqual({ gameId: 'sevenupsevendown' });
    expect((launches[0]?.init?.headers as Record<string, string>).authorization).toBe(
      `Bearer ${TEST_LOGIN.Token}`,
    );
  });

  it('says it is opening the game until the frame has loaded', async () => {
    renderFrame([{ body: launchAnswer() }]);
    expect(screen.getByRole('status').textContent).toContain('Opening 7 Up Down');
    fireEvent.load(await frame());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a refused launch with Retry, which launches anew with a fresh token', async () => {
    const { callsTo } = renderFrame([
      { body: launchRefusedAnswer },
      { body: launchAnswer('lt_second_token') },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The game could not be opened');
    expect(alert.textContent).toContain(launchRefusedAnswer.Result);
    expect(screen.queryByTitle('7 Up Down casino game')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await frame()).getAttribute('src')).toContain('token=lt_second_token');
    expect(callsTo(LAUNCH)).toHaveLength(2);
  });

  it('refuses a launch URL that is not a web page', async () => {
    renderFrame([
      { body: { Status: true, Result: { Url: 'javascript:alert(1)', ExpiresAt: 'x' } } },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The game could not be opened',
    );
    expect(screen.queryByTitle('7 Up Down casino game')).toBeNull();
  });

  it('links back to the lobby', () => {
    renderFrame([{ body: launchAnswer() }]);
    expect(screen.getByRole('link', { name: /Back to lobby/ }).getAttribute('href')).toBe(
      '/casinolist',
    );
  });
});

import { getCricketScore, getOtherScore } from '@backlay/contract/scores';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch';
import {
  cricketAnswer,
  cricketNotStartedAnswer,
  soccerAnswer,
  tennisAdvantageAnswer,
  tennisAnswer,
  tennisOverAnswer,
  tennisTiebreakAnswer,
} from '../../../test/fixtures/scores-answers';
import { renderScreen } from '../../../test/render';
import { SCORE_POLL_MS } from '../api/get-cricket-score';
import { NO_SCORE, ScorePanel } from './score-panel';
import { eventually } from '../../../test/eventually';

const waitFor = (check: () => void) => eventually(check, { interval: 1 });
/** A body row's texts: its row header, then its cells. */
const texts = (row: HTMLElement) =>
  [...row.querySelectorAll(':scope > th, :scope > td')].map((cell) => cell.textContent);

describe('score panel', () => {
  it('shows the cricket panel for sport 4: innings, both overs, RRR and commentary', async () => {
    const { calls } = routeFetch({
      '/api/Score/Cricket/30412871': () => ({
        body: getCricketScore.response.parse(cricketAnswer),
      }),
    });
    renderScreen(<ScorePanel sportId={4} eventId="30412871" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    const rows = within(panel).getAllByRole('row');
    expect(texts(rows[1]!)).toEqual(['Mumbai Mavericks', '182/6', '20.0', '9.10']);
    expect(texts(rows[2]!)).toEqual(['Chennai Chargers', '97/3', '11.4', '8.31']);
    const current = within(panel).getByRole('list', { name: 'This over' });
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((ball) => ball.textContent),
    ).toEqual(['1', '4', 'W', '0']);
    const last = within(panel).getByRole('list', { name: 'Last over' });
    expect(within(last).getAllByRole('listitem')).toHaveLength(7);
    expect(within(panel).getByText('10.20')).toBeTruthy();
    expect(within(panel).getByText(/Caught at long-on/)).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/Score/Cricket/30412871');
  });

  it('holds its room while the score is asked for, then says there is none before the first ball', async () => {
    const { calls } = routeFetch({
      '/api/Score/Cricket/30412872': () => ({
        body: getCricketScore.response.parse(cricketNotStartedAnswer),
      }),
    });
    const { container } = renderScreen(<ScorePanel sportId={4} eventId="30412872" />);
    const slot = container.querySelector('[data-sport="cricket"]');
    expect(slot?.getAttribute('aria-busy')).toBe('true');
    expect(container.textContent).toBe('');
    await waitFor(() => expect(calls).toHaveLength(1));
    const panel = await screen.findByRole('region', { name: 'Score' });
    expect(panel.textContent).toBe(NO_SCORE);
    expect(slot?.getAttribute('aria-busy')).toBe('false');
  });

  it('shows the tennis panel when the answer says eventTypeId 2: sets, games, points, server', async () => {
    routeFetch({
      '/api/Score/Other/2/32100077': () => ({ body: getOtherScore.response.parse(tennisAnswer) }),
    });
    renderScreen(<ScorePanel sportId={2} eventId="32100077" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    expect(within(panel).getByRole('table').querySelector('caption')?.textContent).toBe('Set 3');
    const rows = within(panel).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Player', 'S1', 'S2', 'Games', 'Sets', 'Points']);
    expect(texts(rows[1]!)).toEqual(['Alcaraz', '6', '4', '3', '1', '40']);
    expect(texts(rows[2]!)).toEqual(['Sinner', '4', '6', '2', '1', '15']);
    expect(within(rows[1]!).getByRole('img', { name: 'Serving' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('img', { name: 'Serving' })).toBeNull();
  });

  it("shows AD to the player a point ahead after deuce, and the serve on the server's row", async () => {
    routeFetch({
      '/api/Score/Other/2/32100078': () => ({
        body: getOtherScore.response.parse(tennisAdvantageAnswer),
      }),
    });
    renderScreen(<ScorePanel sportId={2} eventId="32100078" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    const rows = within(panel).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Player', 'Games', 'Sets', 'Points']);
    expect(texts(rows[1]!)).toEqual(['Alcaraz', '4', '0', '40']);
    expect(texts(rows[2]!)).toEqual(['Sinner', '4', '0', 'AD']);
    expect(within(panel).getAllByRole('img', { name: 'Serving' })).toHaveLength(1);
    expect(within(rows[2]!).getByRole('img', { name: 'Serving' })).toBeTruthy();
  });

  it('says Tie-break in the caption and shows its points as counted', async () => {
    routeFetch({
      '/api/Score/Other/2/32100079': () => ({
        body: getOtherScore.response.parse(tennisTiebreakAnswer),
      }),
    });
    renderScreen(<ScorePanel sportId={2} eventId="32100079" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    expect(within(panel).getByRole('table').querySelector('caption')?.textContent).toBe(
      'Set 1 · Tie-break',
    );
    const rows = within(panel).getAllByRole('row');
    expect(texts(rows[1]!)).toEqual(['Alcaraz', '6', '0', '5']);
    expect(texts(rows[2]!)).toEqual(['Sinner', '6', '0', '4']);
    expect(within(rows[1]!).getByRole('img', { name: 'Serving' })).toBeTruthy();
  });

  it('shows no points and no server once the match is over', async () => {
    routeFetch({
      '/api/Score/Other/2/32100080': () => ({
        body: getOtherScore.response.parse(tennisOverAnswer),
      }),
    });
    renderScreen(<ScorePanel sportId={2} eventId="32100080" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    const rows = within(panel).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Player', 'S1', 'S2', 'Games', 'Sets']);
    expect(texts(rows[1]!)).toEqual(['Alcaraz', '6', '7', '0', '2']);
    expect(within(panel).queryByRole('img', { name: 'Serving' })).toBeNull();
  });

  it('shows the soccer panel when the answer says eventTypeId 1', async () => {
    routeFetch({
      '/api/Score/Other/1/31200455': () => ({ body: getOtherScore.response.parse(soccerAnswer) }),
    });
    renderScreen(<ScorePanel sportId={1} eventId="31200455" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    expect(within(panel).getByText('Arsenal')).toBeTruthy();
    expect(within(panel).getByText('Chelsea')).toBeTruthy();
    expect(within(panel).getByLabelText('2 – 1')).toBeTruthy();
    expect(within(panel).getByText("67'")).toBeTruthy();
  });

  it('says there is no score yet before the start (an empty score list), in the soccer room', async () => {
    routeFetch({
      '/api/Score/Other/1/31200456': () => ({
        body: getOtherScore.response.parse({ Status: true, Result: [] }),
      }),
    });
    const { container } = renderScreen(<ScorePanel sportId={1} eventId="31200456" />);
    const panel = await screen.findByRole('region', { name: 'Score' });
    expect(panel.textContent).toBe(NO_SCORE);
    expect(container.querySelector('[data-sport="soccer"]')).toBeTruthy();
  });

  it('polls every 5 s, cricket and the others alike', async () => {
    vi.useFakeTimers();
    const { callsTo } = routeFetch({
      '/api/Score/Cricket/30412871': () => ({ body: cricketAnswer }),
      '/api/Score/Other/2/32100077': () => ({ body: tennisAnswer }),
    });
    renderScreen(
      <>
        <ScorePanel sportId={4} eventId="30412871" />
        <ScorePanel sportId={2} eventId="32100077" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    const count = () => [
      callsTo('/api/Score/Cricket/30412871').length,
      callsTo('/api/Score/Other/2/32100077').length,
    ];
    expect(count()).toEqual([1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(SCORE_POLL_MS - 1));
    expect(count()).toEqual([1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(count()).toEqual([2, 2]);
    await act(() => vi.advanceTimersByTimeAsync(SCORE_POLL_MS));
    expect(count()).toEqual([3, 3]);
    expect(SCORE_POLL_MS).toBe(5000);
  });

  it('asks nothing for a sport with no score panel', () => {
    const { calls } = routeFetch({});
    const { container } = renderScreen(<ScorePanel sportId={5} eventId="1" />);
    expect(container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });
});

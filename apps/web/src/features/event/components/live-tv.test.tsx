import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDataSaver } from '../../../lib/data-saver';
import { LiveTv, TV_DATA_SAVER } from './live-tv';

const TV_URL = 'http://localhost:8082/watch/90000001';
const frame = () => screen.queryByTitle('Live TV: Lions v Tigers');

describe('live TV', () => {
  it('loads the player when shown', async () => {
    setDataSaver(false);
    render(<LiveTv tvUrl={TV_URL} title="Lions v Tigers" />);
    expect(frame()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Live TV/ }));
    expect(frame()?.getAttribute('src')).toBe(TV_URL);
  });

  it('with the data saver on, says it is off and loads the player only when asked', async () => {
    setDataSaver(true);
    render(<LiveTv tvUrl={TV_URL} title="Lions v Tigers" />);
    await userEvent.click(screen.getByRole('button', { name: /Live TV/ }));
    expect(screen.getByText(TV_DATA_SAVER)).toBeTruthy();
    expect(TV_DATA_SAVER).toBe('Live TV is off while the data saver is on.');
    expect(frame()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Watch once' }));
    expect(frame()?.getAttribute('src')).toBe(TV_URL);
  });
});

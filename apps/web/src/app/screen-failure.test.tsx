import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../ui/lazy-component';
import { ScreenFailure } from './screen-failure';

describe('a screen whose chunk fails', () => {
  it('says it could not load, and Retry loads the page again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<() => React.JSX.Element>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const Screen = lazyComponent(load);
    const reload = vi.fn();
    render(
      <ScreenFailure at="/market/4/1" reload={reload}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ScreenFailure>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This page could not loadPlease check your internet connection and try again.Retry',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // One request for the chunk: a failure is shown, not asked again and again.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded screen at once, without its fallback', async () => {
    const Screen = lazyComponent(async () => () => <h1>Home</h1>);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});
